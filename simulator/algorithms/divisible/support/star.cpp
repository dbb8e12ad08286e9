#include "algorithms/divisible/support/star.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

double DivisibleSchedule::load() const {
  // Summed in send order so that every caller gets the same bits for the same schedule.
  double total = 0;
  for (int i : send) total += alpha[i];
  return total;
}

bool Star::has_latency() const {
  auto positive = [](const std::vector<double>& v) {
    return std::any_of(v.begin(), v.end(), [](double x) { return x != 0; });
  };
  return positive(send_latency) || positive(return_latency);
}

void validate_star(const Star& star, const std::string& where) {
  const std::size_t p = star.c.size();
  if (p == 0) throw InputError(where + ": the star has no worker (p = 0)");
  if (star.d.size() != p || star.w.size() != p)
    throw InputError(where + ": keys 'c', 'd' and 'w' must list one value per worker, got " + std::to_string(p) +
                     ", " + std::to_string(star.d.size()) + " and " + std::to_string(star.w.size()));
  for (std::size_t i = 0; i < p; ++i) {
    const std::string worker = " of worker " + std::to_string(i + 1);
    const std::string range = " must be in [" + format_number(kSmallestCost) + ", " + format_number(kLargestCost) + "]";
    auto cost = [](double v) { return v >= kSmallestCost && v <= kLargestCost; };
    if (!cost(star.c[i])) throw InputError(where + ": c" + worker + range + ", got " + format_number(star.c[i]));
    if (!cost(star.w[i])) throw InputError(where + ": w" + worker + range + ", got " + format_number(star.w[i]));
    if (!(star.d[i] >= 0 && star.d[i] <= kLargestCost))
      throw InputError(where + ": d" + worker + " must be in [0, " + format_number(kLargestCost) + "], got " +
                       format_number(star.d[i]));
  }
  auto check_latencies = [&](const std::vector<double>& latency, const char* what) {
    if (latency.empty()) return;
    if (latency.size() != p)
      throw InputError(where + ": " + what + " must list one value per worker, got " + std::to_string(latency.size()) +
                       " for " + std::to_string(p) + " workers");
    for (std::size_t i = 0; i < p; ++i)
      if (!(latency[i] >= 0 && latency[i] <= std::numeric_limits<double>::max()))
        throw InputError(where + ": " + what + " of worker " + std::to_string(i + 1) +
                         " must be finite and >= 0, got " + format_number(latency[i]));
  };
  check_latencies(star.send_latency, "the latency of the send");
  check_latencies(star.return_latency, "the latency of the return");
}

std::vector<int> order_by(int workers, const std::vector<double>& key) {
  std::vector<int> order(static_cast<std::size_t>(workers));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b]; });
  return order;
}

std::vector<double> c_plus_d(const Star& star) {
  std::vector<double> key(star.c.size());
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = star.c[i] + star.d[i];
  return key;
}

DivisibleSchedule make_schedule(const std::vector<int>& order, std::vector<double> alpha, bool lifo) {
  DivisibleSchedule s;
  s.alpha = std::move(alpha);
  for (int i : order)
    if (s.alpha[i] > 0) s.send.push_back(i);
  s.ret = s.send;
  if (lifo) std::reverse(s.ret.begin(), s.ret.end());
  return s;
}

Star reversed(const Star& star) { return {star.d, star.c, star.w, star.return_latency, star.send_latency}; }

double schedule_length(const Star& star, const DivisibleSchedule& s, PortModel port) {
  std::vector<double> send_end(star.c.size(), 0.0), returns_from(star.c.size(), 0.0);
  double sent = 0;
  // A message's start-up cost comes first, then its bytes (0 + x is x: no latency, same sums).
  for (int i : s.send) send_end[i] = sent += star.send_latency_of(i) + s.alpha[i] * star.c[i];
  double returned = 0;  // returns from the k-th onwards, accumulated from the last
  for (auto it = s.ret.rbegin(); it != s.ret.rend(); ++it)
    returns_from[*it] = returned += star.return_latency_of(*it) + s.alpha[*it] * star.d[*it];
  double length = port == PortModel::one_port ? sent + returned : 0.0;
  for (int i : s.send) length = std::max(length, send_end[i] + s.alpha[i] * star.w[i] + returns_from[i]);
  return length;
}

Star draw_star(int workers, double c_mean, double w_mean, double spread, double z, RandomStream stream) {
  Star star;
  auto around = [&](double mean) { return mean * (1 - spread + 2 * spread * stream.uniform()); };
  for (int i = 0; i < workers; ++i) star.c.push_back(around(c_mean));
  for (int i = 0; i < workers; ++i) star.w.push_back(around(w_mean));
  for (double c : star.c) star.d.push_back(z * c);
  return star;
}

}  // namespace hetcoll
