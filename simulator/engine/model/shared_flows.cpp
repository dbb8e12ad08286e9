#include "engine/model/shared_flows.hpp"

#include <limits>

namespace hetcoll {
namespace {
constexpr double kNever = std::numeric_limits<double>::infinity();
}

void SharedFlows::reset(const std::vector<double>& bandwidth, const std::vector<bool>& shared, double now) {
  sharing_ = MaxMinSharing();
  for (std::size_t l = 0; l < bandwidth.size(); ++l) sharing_.add_link(bandwidth[l], shared[l]);
  comms_.clear();
  free_.clear();
  heap_.clear();
  of_flow_.clear();
  live_ = 0;
  now_ = now;
  dirty_ = false;
}

void SharedFlows::add(std::uint32_t slot, double remaining, double active_at, double latency,
                      const std::vector<int>& links, double bound, double now) {
  now_ = now;
  std::uint32_t index;
  if (!free_.empty()) {
    index = free_.back();
    free_.pop_back();
  } else {
    index = static_cast<std::uint32_t>(comms_.size());
    comms_.emplace_back();
  }
  Comm& c = comms_[index];
  c = Comm{slot, -1, remaining, now, 0, latency, !(active_at > now), 0};
  ++live_;
  double event = active_at;
  if (!links.empty()) {
    c.flow = sharing_.add_flow(links, c.active ? c.penalty : 0, bound);
    if (of_flow_.size() <= static_cast<std::size_t>(c.flow)) of_flow_.resize(static_cast<std::size_t>(c.flow) + 1);
    of_flow_[static_cast<std::size_t>(c.flow)] = index;
    // A sending comm's end waits for its rate (update_rates()).
    if (c.active && remaining > 0) {
      event = kNever;
      dirty_ = true;
    }
  }
  // One without links, or with no bytes left, ends as soon as it sends.
  if (c.active && (c.flow < 0 || !(remaining > 0))) event = now;
  heap_.push_back(Entry{event, index});
  c.place = static_cast<std::uint32_t>(heap_.size() - 1);
  sift_up(c.place);
}

double SharedFlows::next_event() {
  if (dirty_) update_rates();
  return heap_.empty() ? kNever : heap_.front().event;
}

void SharedFlows::update_rates() {
  sharing_.solve();
  dirty_ = false;
  // Only the flows the solve reached can have new rates: each counts its bytes up to now at its
  // former rate and waits for its end at the new one.
  for (const int flow : sharing_.solved()) {
    const std::uint32_t index = of_flow_[static_cast<std::size_t>(flow)];
    Comm& c = comms_[index];
    if (!c.active) continue;
    const double rate = sharing_.rate(flow);
    if (rate == c.rate) continue;
    c.remaining -= c.rate * (now_ - c.since);
    c.since = now_;
    c.rate = rate;
    set_event(index, rate > 0 ? now_ + c.remaining / rate : kNever);
  }
}

void SharedFlows::activate(std::uint32_t index) {
  Comm& c = comms_[index];
  c.active = true;
  c.since = now_;
  if (c.flow >= 0 && c.remaining > 0) {
    sharing_.set_penalty(c.flow, c.penalty);
    dirty_ = true;
    set_event(index, kNever);  // until update_rates() gives it a rate
  }
}

void SharedFlows::leave(std::uint32_t index) {
  Comm& c = comms_[index];
  if (c.flow >= 0) {
    sharing_.remove_flow(c.flow);
    dirty_ = true;
  }
  // The last entry of the heap takes its place, and moves up or down from there.
  const std::size_t at = c.place;
  const Entry last = heap_.back();
  heap_.pop_back();
  if (at < heap_.size()) {
    heap_[at] = last;
    comms_[last.comm].place = static_cast<std::uint32_t>(at);
    set_event(last.comm, last.event);
  }
  free_.push_back(index);
  --live_;
}

void SharedFlows::set_event(std::uint32_t index, double event) {
  const std::size_t at = comms_[index].place;
  heap_[at].event = event;
  if (at > 0 && heap_[(at - 1) / 2].event > event) sift_up(at);
  else sift_down(at);
}

void SharedFlows::sift_up(std::size_t at) {
  const Entry e = heap_[at];
  while (at > 0) {
    const std::size_t parent = (at - 1) / 2;
    if (!(heap_[parent].event > e.event)) break;
    heap_[at] = heap_[parent];
    comms_[heap_[at].comm].place = static_cast<std::uint32_t>(at);
    at = parent;
  }
  heap_[at] = e;
  comms_[e.comm].place = static_cast<std::uint32_t>(at);
}

void SharedFlows::sift_down(std::size_t at) {
  const Entry e = heap_[at];
  const std::size_t size = heap_.size();
  for (;;) {
    std::size_t child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && heap_[child + 1].event < heap_[child].event) ++child;
    if (!(heap_[child].event < e.event)) break;
    heap_[at] = heap_[child];
    comms_[heap_[at].comm].place = static_cast<std::uint32_t>(at);
    at = child;
  }
  heap_[at] = e;
  comms_[e.comm].place = static_cast<std::uint32_t>(at);
}

}  // namespace hetcoll
