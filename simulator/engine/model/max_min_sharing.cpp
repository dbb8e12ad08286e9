#include "engine/model/max_min_sharing.hpp"

#include <algorithm>
#include <cmath>

namespace hetcoll {

int MaxMinSharing::add_link(double bandwidth, bool shared) {
  links_.push_back(Link{bandwidth, shared, {}, 0, 0, -1});
  return static_cast<int>(links_.size()) - 1;
}

int MaxMinSharing::add_flow(const std::vector<int>& route, double penalty, double bound) {
  int index = static_cast<int>(flows_.size());
  if (!free_flows_.empty()) {
    index = free_flows_.back();
    free_flows_.pop_back();
  } else {
    flows_.emplace_back();
    queued_.push_back(0);
  }
  Flow& flow = flows_[static_cast<std::size_t>(index)];
  flow.uses.clear();  // kept with its storage: a flow per comm must not cost an allocation
  flow.value = 0;
  flow.fixed = false;
  flow.penalty = penalty;
  flow.bound = bound;
  flow.live = true;
  ++live_;
  // A shared link crossed twice is one use of weight 2, a FATPIPE one of weight 1, as SimGrid's
  // System::expand() adds to the element (FATPIPE: takes the larger weight).
  for (int link : route) {
    auto same = std::find_if(flow.uses.begin(), flow.uses.end(), [&](const Use& u) { return u.link == link; });
    if (same == flow.uses.end()) flow.uses.push_back(Use{link, 1});
    else if (links_[static_cast<std::size_t>(link)].shared) same->weight += 1;
  }
  // A flow that takes no share (penalty 0) moves no other flow: nothing to solve again.
  for (const Use& use : flow.uses) {
    std::vector<Crossing>& on_link = links_[static_cast<std::size_t>(use.link)].flows;
    if (on_link.empty()) ++busy_links_;
    on_link.push_back(Crossing{index, use.weight});
    if (penalty > 0) touched_.push_back(use.link);
  }
  return index;
}

void MaxMinSharing::remove_flow(int index) {
  Flow& flow = flows_[static_cast<std::size_t>(index)];
  for (const Use& use : flow.uses) {
    if (flow.penalty > 0) touched_.push_back(use.link);
    std::vector<Crossing>& on_link = links_[static_cast<std::size_t>(use.link)].flows;
    on_link.erase(std::find_if(on_link.begin(), on_link.end(), [&](const Crossing& c) { return c.flow == index; }));
    if (on_link.empty()) --busy_links_;
  }
  flow.live = false;
  flow.penalty = 0;
  flow.value = 0;
  free_flows_.push_back(index);
  --live_;
}

void MaxMinSharing::set_penalty(int flow, double penalty) {
  Flow& f = flows_[static_cast<std::size_t>(flow)];
  f.penalty = penalty;
  for (const Use& use : f.uses) touched_.push_back(use.link);
}

void MaxMinSharing::collect_component() {
  // The links reachable from the touched ones through sending flows, in index order (as a full
  // solve visits them), and those flows: the rest keep their rates.
  if (link_seen_.size() < links_.size()) link_seen_.resize(links_.size(), 0);
  if (flow_seen_.size() < flows_.size()) flow_seen_.resize(flows_.size(), 0);
  if (++stamp_ == 0) {
    std::fill(link_seen_.begin(), link_seen_.end(), 0);
    std::fill(flow_seen_.begin(), flow_seen_.end(), 0);
    stamp_ = 1;
  }
  component_links_.clear();
  component_flows_.clear();
  // A change on links that half the flows cross reaches (nearly) all of them: solving all
  // without the search costs less (one backbone that every flow crosses, say), unless most
  // links carry nothing (the whole solve visits every link).
  std::size_t reach = 0;
  for (int l : touched_) reach += links_[static_cast<std::size_t>(l)].flows.size();
  whole_ = 2 * reach >= live_ && 2 * busy_links_ >= links_.size();
  if (whole_) {
    touched_.clear();
    for (std::size_t f = 0; f < flows_.size(); ++f)
      if (flows_[f].live) component_flows_.push_back(static_cast<int>(f));
    return;
  }
  for (int l : touched_)
    if (link_seen_[static_cast<std::size_t>(l)] != stamp_) {
      link_seen_[static_cast<std::size_t>(l)] = stamp_;
      component_links_.push_back(l);
    }
  touched_.clear();
  for (std::size_t next = 0; next < component_links_.size(); ++next)
    for (const Crossing& c : links_[static_cast<std::size_t>(component_links_[next])].flows) {
      if (flow_seen_[static_cast<std::size_t>(c.flow)] == stamp_) continue;
      flow_seen_[static_cast<std::size_t>(c.flow)] = stamp_;
      component_flows_.push_back(c.flow);
      const Flow& flow = flows_[static_cast<std::size_t>(c.flow)];
      if (flow.penalty <= 0) continue;  // it takes no share: it joins no links together
      for (const Use& use : flow.uses)
        if (link_seen_[static_cast<std::size_t>(use.link)] != stamp_) {
          link_seen_[static_cast<std::size_t>(use.link)] = stamp_;
          component_links_.push_back(use.link);
        }
    }
  std::sort(component_links_.begin(), component_links_.end());
}

void MaxMinSharing::drop_light(int link_index) {
  Link& link = links_[static_cast<std::size_t>(link_index)];
  const int slot = link.light;
  if (slot < 0) return;
  light_[static_cast<std::size_t>(slot)] = light_.back();
  light_level_[static_cast<std::size_t>(slot)] = light_level_.back();
  links_[static_cast<std::size_t>(light_[static_cast<std::size_t>(slot)])].light = slot;
  light_.pop_back();
  light_level_.pop_back();
  link.light = -1;
}

void MaxMinSharing::consider_level(double level, int slot) {
  // Ties are compared exactly, as SimGrid does: links at the same level saturate together.
  if (min_level_ < 0 || min_level_ > level) {
    min_level_ = level;
    saturated_links_.clear();
  }
  if (min_level_ == level) saturated_links_.push_back(slot);
}

void MaxMinSharing::collect_saturated() {
  for (int slot : saturated_links_) {
    const Link& link = links_[static_cast<std::size_t>(light_[static_cast<std::size_t>(slot)])];
    for (const Crossing& c : link.flows) {
      const Flow& flow = flows_[static_cast<std::size_t>(c.flow)];
      if (flow.penalty <= 0 || flow.fixed || c.weight <= 0 || queued_[static_cast<std::size_t>(c.flow)]) continue;
      queued_[static_cast<std::size_t>(c.flow)] = 1;
      saturated_flows_.push_back(c.flow);
    }
  }
}

void MaxMinSharing::update_link(Link& link, int index) {
  const bool saturated = !(link.usage > kMaxMinPrecision) || !(link.remaining > link.bandwidth * kMaxMinPrecision);
  if (saturated) drop_light(index);
  else if (link.light >= 0) light_level_[static_cast<std::size_t>(link.light)] = link.remaining / link.usage;
}

void MaxMinSharing::fix(Flow& flow) {
  flow.fixed = true;
  for (const Use& use : flow.uses) {
    Link& link = links_[static_cast<std::size_t>(use.link)];
    if (link.light < 0 && !(link.usage > 0)) continue;  // never could saturate (no bandwidth)
    if (link.shared) {
      link.remaining -= use.weight * flow.value;
      if (link.remaining < link.bandwidth * kMaxMinPrecision) link.remaining = 0;
      link.usage -= use.weight / flow.penalty;
      if (link.usage < kMaxMinPrecision) link.usage = 0;
    } else {
      // A FATPIPE link's level is that of its largest unfixed demand.
      link.usage = 0;
      for (const Crossing& c : link.flows) {
        const Flow& other = flows_[static_cast<std::size_t>(c.flow)];
        if (other.penalty <= 0 || other.fixed || c.weight <= 0) continue;
        link.usage = std::max(link.usage, c.weight / other.penalty);
      }
    }
    update_link(link, use.link);
  }
}

void MaxMinSharing::solve_alone(Flow& flow) {
  // Progressive filling with one flow, step by step: each link it crosses starts at level
  // bandwidth / (weight / penalty) (usage is weight / penalty on shared and FATPIPE links
  // alike), the lowest saturates, and the flow gets that level / penalty, or its bound if that
  // is lower; the same operations as solve() in the same order, so the same bits.
  flow.value = 0;
  if (!(flow.penalty > 0)) return;
  double level = -1;
  for (const Use& use : flow.uses) {
    const Link& link = links_[static_cast<std::size_t>(use.link)];
    if (!(link.bandwidth > link.bandwidth * kMaxMinPrecision) || !(use.weight > 0)) continue;
    const double own = link.bandwidth / (use.weight / flow.penalty);
    if (level < 0 || level > own) level = own;
  }
  if (level < 0) return;  // no link it could saturate: no rate, as solve() leaves it
  flow.value = flow.bound > 0 && flow.bound * flow.penalty < level ? flow.bound : level / flow.penalty;
}

void MaxMinSharing::solve() {
  collect_component();
  if (!whole_ && component_flows_.size() == 1) {
    solve_alone(flows_[static_cast<std::size_t>(component_flows_.front())]);
    return;
  }
  auto reset = [&](Flow& flow) {
    flow.value = 0;
    flow.fixed = false;
  };
  if (whole_) {
    for (Flow& flow : flows_) reset(flow);
  } else {
    for (int f : component_flows_) reset(flows_[static_cast<std::size_t>(f)]);
  }
  light_.clear();
  light_level_.clear();
  saturated_links_.clear();
  saturated_flows_.clear();
  min_level_ = -1;
  auto start_link = [&](int l) {
    Link& link = links_[static_cast<std::size_t>(l)];
    link.light = -1;
    link.usage = 0;
    link.remaining = link.bandwidth;
    if (!(link.remaining > link.bandwidth * kMaxMinPrecision)) return;
    for (const Crossing& c : link.flows) {
      const Flow& flow = flows_[static_cast<std::size_t>(c.flow)];
      if (flow.penalty <= 0 || c.weight <= 0) continue;
      if (link.shared) link.usage += c.weight / flow.penalty;
      else link.usage = std::max(link.usage, c.weight / flow.penalty);
    }
    if (link.usage > 0) {
      const double level = link.remaining / link.usage;
      link.light = static_cast<int>(light_.size());
      light_.push_back(l);
      light_level_.push_back(level);
      consider_level(level, link.light);
    }
  };
  if (whole_) {
    for (std::size_t l = 0; l < links_.size(); ++l) start_link(static_cast<int>(l));
  } else {
    for (const int l : component_links_) start_link(l);
  }
  collect_saturated();
  do {
    // A flow whose bound is below the level is set to its bound first, with every other flow at
    // the same bound (to the precision), and the level is searched again.
    double min_bound = -1;
    for (int f : saturated_flows_) {
      const Flow& flow = flows_[static_cast<std::size_t>(f)];
      if (flow.bound > 0 && flow.bound * flow.penalty < min_level_)
        min_bound = min_bound < 0 ? flow.bound * flow.penalty : std::min(min_bound, flow.bound * flow.penalty);
    }
    for (int f : saturated_flows_) {
      Flow& flow = flows_[static_cast<std::size_t>(f)];
      queued_[static_cast<std::size_t>(f)] = 0;
      if (min_bound < 0) flow.value = min_level_ / flow.penalty;
      else if (std::fabs(min_bound - flow.bound * flow.penalty) < kMaxMinPrecision) flow.value = flow.bound;
      else continue;
      fix(flow);
    }
    saturated_flows_.clear();
    saturated_links_.clear();
    min_level_ = -1;
    for (std::size_t slot = 0; slot < light_.size(); ++slot) consider_level(light_level_[slot], static_cast<int>(slot));
    collect_saturated();
  } while (!light_.empty());
}

}  // namespace hetcoll
