#include "engine/model/overload_check.hpp"

#include <algorithm>

namespace hetcoll {

OverloadCheck::OverloadCheck(const RouteCosts& costs) : links_(costs.links(), kIdle) {
  if (costs.has_fatpipes()) {
    fat_count_.assign(costs.links(), 0);
    fat_penalty_.assign(costs.links(), 0.0);
  }
}

// A link that holds a flow already, or several. A link whose sole flow is still pending may yet
// be free (that flow ends at this instant and is delivered later in its batch); if not, the two
// flows go to flows_ and spill_[link]. There `load`, the sum of the rates recorded in the busy
// period, bounds the load at every instant; only when a new flow takes it beyond the limit are
// the flows that have ended dropped, and, if the flows left still exceed it, the instants checked
// one by one.
void OverloadCheck::occupy_busy(const RouteCosts& costs, const ActivityRecords& records, int link, double begin,
                                double end, double rate, std::uint32_t slot, std::uint32_t& id, double limit,
                                double clock) {
  const Flow flow{begin, end, rate, slot};
  std::uint32_t& s = links_[link];
  if (s != kSpilled) {
    const std::uint32_t sole = s;
    const Flow held = flow_of_slot(costs, records, sole);
    if (held.end - clock < kSimultaneity) {  // it ends at this instant: the link is free
      s = flow.slot;
      return;
    }
    if (id == kNoFlow) id = add_flow(flow);
    // The period's sole flow joins the new one in flows_, as the first of spill_[link]. The
    // same comm when its route crosses the link twice: one flow, as check_instants() counts it.
    Spill& spill = spill_[link];
    spill.ids.clear();
    spill.first = sole == flow.slot ? id : add_flow(held);
    spill.load = held.rate;
    spill.until = held.end;
    s = kSpilled;
    spill_more(costs, link, flow, id, limit, clock);
    return;
  }
  Spill& spill = spill_[link];
  if (spill.until - clock < kSimultaneity) {  // every flow of the period has ended
    spill.ids.clear();
    spill.first = kNoFlow;
    s = flow.slot;
    return;
  }
  if (id == kNoFlow) id = add_flow(flow);
  spill_more(costs, link, flow, id, limit, clock);
}

void OverloadCheck::spill_more(const RouteCosts& costs, int link, const Flow& flow, std::uint32_t id, double limit,
                               double clock) {
  Spill& spill = spill_[link];
  if (spill.load + flow.rate > limit) recount(costs, link, id, clock);
  spill.until = std::max(spill.until, flow.end);
  spill.load += flow.rate;
  spill.ids.push_back(id);
}

// The flow of a pending comm, rebuilt from its record (its begin kept in the record's `end`
// until delivery; its rate and end worked out as the engine's start() did, the same bits).
OverloadCheck::Flow OverloadCheck::flow_of_slot(const RouteCosts& costs, const ActivityRecords& records,
                                                std::uint32_t slot) {
  const Completion& r = records[slot];
  const double rate = flow_rate(r.activity, costs.route_cost(r.activity.host, r.activity.peer));
  const double begin = r.end;
  return {begin, begin + r.activity.amount / rate, rate, slot};
}

void OverloadCheck::release_route(const RouteCosts& costs, const Activity& a, std::uint32_t slot) {
  costs.visit_route(a.host, a.peer, [&](int link) {
    if (link >= 0) release(link, slot);
  });
}

// The flows of the busy period that have not ended, all in spill_[link] (the first one moved
// there), their exact sum, and the instants if it exceeds the limit.
void OverloadCheck::recount(const RouteCosts& costs, int link, std::uint32_t id, double clock) {
  Spill& spill = spill_[link];
  std::vector<std::uint32_t>& ids = spill.ids;
  if (spill.first != kNoFlow) ids.push_back(spill.first);
  spill.first = kNoFlow;
  spill.load = 0;
  spill.until = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < ids.size();) {
    const Flow& f = flows_[ids[i]];
    if (f.end - clock < kSimultaneity) {
      ids[i] = ids.back();
      ids.pop_back();
      continue;
    }
    spill.load += f.rate;
    spill.until = std::max(spill.until, f.end);
    ++i;
  }
  const double limit = costs.limit_of(link);
  if (spill.load + flows_[id].rate > limit) check_instants(limit, link, id);
}

// The load at each instant of the new flow where it can grow (its start and the starts of the
// flows that share it): one beyond the bandwidth is an overload.
void OverloadCheck::check_instants(double limit, int link, std::uint32_t id) {
  const Flow& flow = flows_[id];
  auto load_at = [&](double x) {
    double load = flow.rate;
    for (std::uint32_t other : spilled(link)) {
      const Flow& f = flows_[other];
      if (f.begin - x < kSimultaneity && f.end - x >= kSimultaneity) load += f.rate;
    }
    return load;
  };
  if (load_at(flow.begin) > limit) overloaded_ = true;
  for (std::uint32_t other : spilled(link)) {
    const double x = flows_[other].begin;
    if (x > flow.begin && flow.end - x >= kSimultaneity && load_at(x) > limit) overloaded_ = true;
  }
}

const std::vector<std::uint32_t>& OverloadCheck::spilled(int link) const {
  static const std::vector<std::uint32_t> none;
  const auto found = spill_.find(link);
  return found == spill_.end() ? none : found->second.ids;
}

void OverloadCheck::count_fatpipes(const RouteCosts& costs, const Activity& a) {
  const double penalty = sharing_penalty(costs.route_cost(a.host, a.peer).latency);
  costs.visit_route(a.host, a.peer, [&](int link) {
    if (link < 0 || costs.shared(link)) return;
    std::uint32_t& count = fat_count_[link];
    if (count == 0) fat_penalty_[link] = penalty;
    else if (fat_penalty_[link] != penalty) overloaded_ = true;
    ++count;
  });
}

void OverloadCheck::uncount_fatpipes(const RouteCosts& costs, const Activity& a) {
  costs.visit_route(a.host, a.peer, [&](int link) {
    if (link >= 0 && !costs.shared(link)) --fat_count_[link];
  });
}

}  // namespace hetcoll
