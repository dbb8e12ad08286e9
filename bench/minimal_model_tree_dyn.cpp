// A minimal hand-written event loop for Tree-dyn (RR-8315 §3.2, free ⊕): the yardstick of
// hetcoll's model engine (compare per replication with `hetcoll run --engine model`).
//
//   minimal_model_tree_dyn N REPLICATIONS [CV] [SEED]
//
// It does the work hetcoll's model engine does on `--family reduce --cluster platform
// --processors N --algorithms tree-dyn --cv CV --seed SEED` (ratio 0, comm-mean 1, the default
// message of 8388608 bytes over the ideal cluster's 8388608 B/s links, no latency), and nothing
// else: no platform, no policy object, no activity records, no contention check, no CSV.
//
//   * Algorithm (simulator/algorithms/reduce/tree_dyn.cpp): one slot holds at most one idle
//     host. Every host becomes idle at date 0 in index order; a newly idle host p finds the slot
//     empty and waits in it, or finds q there and sends its partial result to q. At the end of
//     a reception the receiver q is idle again (⊕ is free); the sender is done.
//   * Costs (reduction_costs.cpp, random.cpp): the k-th communication started takes the k-th
//     draw of one stream, gamma of mean 1 and coefficient of variation CV: replication r's
//     communication stream, whose n-th 64-bit draw is lane n mod 4 of Random123's
//     Philox4x64-10(counter {n / 4, r, 0, 0}, key {point seed, 0}); the point seed is
//     hetcoll's point_seed of (cluster = platform, cv = CV, processors = N), the keys that
//     differ from their defaults (driver/sweep.cpp). A draw d carries nearbyint(d · 8388608) bytes and lasts
//     bytes / 8388608 seconds.
//   * Dates (model_engine.cpp): a binary heap of (end date, receiving host) in flat arrays.
//     Each step takes the whole batch of one instant (dates within 1e-9 s), delivers it in host
//     order, and the hosts it frees start their sends, which land in later batches. As in the
//     engine, the clock runs on across the replications of a work unit (1000 replications, each
//     timed from its origin) and restarts at 0 with the next unit, so every date is the same
//     floating-point sum and the mean makespan matches hetcoll's CSV `makespan_mean` to the
//     last digit.
//
// Nothing is allocated per replication. Prints the hosts, the replications, the mean makespan
// (shortest round-trip form, as in hetcoll's CSV), its standard error, the wall time and the
// microseconds per replication.
//
// Built by CMake on request (cmake --build BUILD --target minimal_model_tree_dyn); by hand
// (Random123's headers from Debian's librandom123-dev):
//   g++ -O2 -std=c++17 bench/minimal_model_tree_dyn.cpp -o minimal_model_tree_dyn
#include <Random123/philox.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace {

// simulator/core/random.cpp, copied so that the draws are the same bits.
std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// simulator/driver/sweep.cpp: the seed of a reduce point on cluster = platform, from its keys
// that differ from their defaults, in name order: cluster, cv (unless 0), processors.
std::uint64_t point_seed(std::uint64_t seed, int n, double cv) {
  std::uint64_t h = mix64(seed);
  auto text = [&h](const char* s) {
    h = mix64(h ^ std::strlen(s));
    for (; *s != '\0'; ++s) h = mix64(h ^ static_cast<unsigned char>(*s));
  };
  auto number = [&h](double v) {
    v += 0.0;
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    h = mix64(h ^ bits);
  };
  text("cluster");
  text("platform");
  if (cv != 0) {
    text("cv");
    number(cv);
  }
  text("processors");
  number(n);
  return h;
}

// RandomStream (Philox4x64-10 blocks of 4 draws) and its gamma_mean_cv: uniform from the top
// 53 bits, polar normal, Marsaglia–Tsang.
class Stream {
 public:
  explicit Stream(std::uint64_t key) : key_{{key, 0}} {}  // stream 0: communications

  void reposition(std::uint64_t replication) {
    counter_ = {{0, replication, 0, 0}};
    lane_ = 4;
    has_spare_ = false;
  }

  double gamma_mean_cv(double mean, double cv) {
    if (cv == 0.0 || mean == 0.0) return mean;
    const double shape = 1.0 / (cv * cv);
    const double scale = mean * cv * cv;
    if (shape == 1.0) return -scale * std::log(uniform());
    const bool boost_shape = shape < 1.0;
    const double a = boost_shape ? shape + 1.0 : shape;
    const double d = a - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    double g;
    for (;;) {
      double x, v;
      do {
        x = normal();
        v = 1.0 + c * x;
      } while (v <= 0.0);
      v = v * v * v;
      const double u = uniform();
      if (u < 1.0 - 0.0331 * (x * x) * (x * x)) { g = d * v; break; }
      if (std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) { g = d * v; break; }
    }
    if (boost_shape) return scale * std::exp(std::log(g) + std::log(uniform()) / shape);
    return scale * g;
  }

 private:
  std::uint64_t next() {
    if (lane_ == 4) {
      block_ = Philox()(counter_, key_);
      ++counter_.v[0];
      lane_ = 0;
    }
    return block_.v[lane_++];
  }

  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }

  double normal() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    for (;;) {
      const double u = 2.0 * uniform() - 1.0;
      const double v = 2.0 * uniform() - 1.0;
      const double s = u * u + v * v;
      if (s < 1.0 && s > 0.0) {
        const double f = std::sqrt(-2.0 * std::log(s) / s);
        spare_ = v * f;
        has_spare_ = true;
        return u * f;
      }
    }
  }

  using Philox = r123::Philox4x64_R<10>;
  Philox::key_type key_;
  Philox::ctr_type counter_ = {{0, 0, 0, 0}};
  Philox::ctr_type block_ = {{0, 0, 0, 0}};
  unsigned lane_ = 4;
  double spare_ = 0;
  bool has_spare_ = false;
};

// A pending reception: its end date and its receiver. Receivers are distinct (a host receives
// one message at a time), so (end, host) orders the heap totally, as (end, owner, id) does in
// the engine.
struct Event {
  double end;
  int host;
};

inline bool later(const Event& a, const Event& b) { return a.end != b.end ? a.end > b.end : a.host > b.host; }

constexpr double kSimultaneity = 1e-9;   // executor.hpp: dates closer than this are one instant
constexpr double kBandwidth = 8388608;   // ideal_cluster's links, and the default message size
constexpr std::uint64_t kBlock = 1000;   // Scenario::block: replications per work unit

class TreeDyn {
 public:
  TreeDyn(int n, double cv, std::uint64_t point)
      : n_(n), cv_(cv), stream_(point), heap_(new Event[n / 2 + 1]), batch_(new int[n / 2 + 1]) {}

  // Replication r, the clock running on from where it is.
  double run(std::uint64_t r) {
    stream_.reposition(r);
    const double origin = clock_;
    slot_ = -1;
    size_ = 0;
    for (int p = 0; p < n_; ++p) become_idle(p);
    double makespan = 0;
    while (size_ > 0) {
      clock_ = heap_[0].end;
      int batch = 0;
      while (size_ > 0 && heap_[0].end - clock_ < kSimultaneity) batch_[batch++] = pop();
      makespan = clock_ - origin;
      if (batch > 1) std::sort(batch_.get(), batch_.get() + batch);  // the instant in host order
      for (int i = 0; i < batch; ++i) become_idle(batch_[i]);
    }
    return makespan;
  }

  void restart_clock() { clock_ = 0; }

 private:
  void become_idle(int p) {
    if (slot_ < 0) {
      slot_ = p;
      return;
    }
    const int q = slot_;
    slot_ = -1;
    const double bytes = std::nearbyint(stream_.gamma_mean_cv(1.0, cv_) * kBandwidth);
    push({clock_ + bytes / kBandwidth, q});
  }

  void push(Event e) {
    int i = size_++;
    while (i > 0) {
      const int parent = (i - 1) / 2;
      if (!later(heap_[parent], e)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = e;
  }

  // Floyd's pop: the hole left at the top goes down to a leaf along the earlier child (chosen
  // without a branch), then the last event rises from there. Fewer mispredicted comparisons
  // than the textbook sift-down: 3.35 µs against 3.69 per replication at n = 64, 63 against 83
  // at n = 1024. The order is total, so any heap pops the same sequence.
  int pop() {
    const int top = heap_[0].host;
    const Event last = heap_[--size_];
    int i = 0;
    for (;;) {
      int child = 2 * i + 1;
      if (child >= size_) break;
      child += (child + 1 < size_) & later(heap_[child], heap_[child + 1]);
      heap_[i] = heap_[child];
      i = child;
    }
    while (i > 0) {
      const int parent = (i - 1) / 2;
      if (!later(heap_[parent], last)) break;
      heap_[i] = heap_[parent];
      i = parent;
    }
    heap_[i] = last;
    return top;
  }

  int n_;
  double cv_;
  Stream stream_;
  std::unique_ptr<Event[]> heap_;  // at most n/2 receptions pending
  std::unique_ptr<int[]> batch_;
  int size_ = 0;
  int slot_ = -1;
  double clock_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s N REPLICATIONS [CV] [SEED]\n", argv[0]);
    return 2;
  }
  const int n = std::atoi(argv[1]);
  const long long replications = std::atoll(argv[2]);
  const double cv = argc > 3 ? std::atof(argv[3]) : 1.0;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  if (n < 1 || replications < 1 || !(cv >= 0)) {
    std::fprintf(stderr, "%s: expected N >= 1, REPLICATIONS >= 1 and CV >= 0\n", argv[0]);
    return 2;
  }

  const std::uint64_t point = point_seed(seed, n, cv);
  TreeDyn tree(n, cv, point);
  double sum = 0, mean = 0, m2 = 0;  // the CSV's plain sum; Welford for the standard error
  const auto start = std::chrono::steady_clock::now();
  for (long long r = 0; r < replications; ++r) {
    if (static_cast<std::uint64_t>(r) % kBlock == 0) tree.restart_clock();  // a fresh engine per unit
    const double makespan = tree.run(static_cast<std::uint64_t>(r));
    sum += makespan;
    const double delta = makespan - mean;
    mean += delta / static_cast<double>(r + 1);
    m2 += delta * (makespan - mean);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  char text[32];
  *std::to_chars(text, text + sizeof text - 1, sum / static_cast<double>(replications)).ptr = '\0';
  const double stderr_mean =
      replications > 1 ? std::sqrt(m2 / static_cast<double>(replications - 1) / static_cast<double>(replications)) : 0.0;
  std::printf("hosts %d replications %lld mean_makespan %s stderr %.3g wall_s %.3f us_per_replication %.3f\n", n,
              replications, text, stderr_mean, wall, 1e6 * wall / static_cast<double>(replications));
  return 0;
}
