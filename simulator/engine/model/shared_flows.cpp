#include "engine/model/shared_flows.hpp"

#include <algorithm>
#include <limits>

namespace hetcoll {

void SharedFlows::reset(const std::vector<double>& bandwidth, const std::vector<bool>& shared, double now) {
  sharing_ = MaxMinSharing();
  for (std::size_t l = 0; l < bandwidth.size(); ++l) sharing_.add_link(bandwidth[l], shared[l]);
  comms_.clear();
  last_ = now;
  dirty_ = false;
}

void SharedFlows::add(std::uint32_t slot, double remaining, double active_at, double latency,
                      const std::vector<int>& links, double bound, double now) {
  Comm c{slot, -1, remaining, active_at, latency, false};
  c.active = !(active_at > now);
  if (!links.empty()) c.flow = sharing_.add_flow(links, c.active ? c.penalty : 0, bound);
  comms_.push_back(c);
  dirty_ = true;
}

double SharedFlows::next_event() {
  if (dirty_) {
    sharing_.solve();
    dirty_ = false;
  }
  double next = std::numeric_limits<double>::infinity();
  for (const Comm& c : comms_) {
    if (!c.active) {
      next = std::min(next, c.active_at);
    } else if (c.flow < 0 || c.remaining <= 0) {
      next = std::min(next, last_);
    } else if (const double rate = sharing_.rate(c.flow); rate > 0) {
      next = std::min(next, last_ + c.remaining / rate);
    }
  }
  return next;
}

void SharedFlows::advance(double now, double simultaneity, const std::function<void(std::uint32_t)>& done) {
  for (std::size_t i = 0; i < comms_.size();) {
    Comm& c = comms_[i];
    if (c.active && c.flow >= 0) {
      const double rate = sharing_.rate(c.flow);
      // A comm whose end is this instant ends exactly: no residue of rounding stays behind.
      if (rate > 0 && last_ + c.remaining / rate - now < simultaneity) c.remaining = 0;
      else c.remaining -= rate * (now - last_);
    }
    if (!c.active && c.active_at - now < simultaneity) {
      c.active = true;
      if (c.flow >= 0) sharing_.set_penalty(c.flow, c.penalty);
      dirty_ = true;
    }
    if (c.active && (c.remaining <= 0 || c.flow < 0)) {
      done(c.slot);
      if (c.flow >= 0) sharing_.remove_flow(c.flow);
      dirty_ = true;
      comms_[i] = comms_.back();
      comms_.pop_back();
      continue;
    }
    ++i;
  }
  last_ = now;
}

}  // namespace hetcoll
