#include "engine/simgrid/simgrid_engine.hpp"

#include <simgrid/kernel/Timer.hpp>
#include <simgrid/s4u.hpp>
#include <simgrid/simix.hpp>

#include <xbt/config.hpp>

#include <algorithm>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <stdexcept>
#include <unordered_set>

#include "core/error.hpp"
#include "engine/simgrid/platform_checks.hpp"

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

class SimgridEngine;

/// What an agent is asked to do: its side of a comm, or a computation.
enum class Role : std::uint8_t { send, receive, compute, stop };

/// @brief A persistent actor on one host that performs one operation at a time.
///
/// A host has as many agents as it ever needs operations at once (a receive overlapping a
/// computation, a master that sends while it receives); they are created on demand and kept
/// for the whole simulation, so a replication costs no actor creation. An idle agent suspends
/// itself; the coordinator hands it a command and resumes it (SimGrid 3.32 puts a resumed actor
/// on its run list without searching it). A receiving agent gets from its own mailbox, which the
/// sender of that message puts into: a message cannot be taken by another receive, however many
/// are in flight between the same hosts. When the coordinator is done, it hands every agent
/// `stop` and the agents end normally: SimGrid's end of daemon actors searches its run list once
/// per actor, quadratic in their number.
struct Agent {
  SimgridEngine* engine = nullptr;
  int host = 0;
  std::uint32_t index = 0;        // rank in creation order, names the inbox
  Agent* next_idle = nullptr;     // the host's next idle agent (SimgridEngine::idle_)
  sg4::ActorPtr actor;
  sg4::Mailbox* inbox = nullptr;  // created on the agent's first receive
  bool has_command = false;
  bool sleeping = false;
  Role role = Role::stop;
  std::uint64_t id = 0;
  sg4::Mailbox* mailbox = nullptr;  // a send's destination: the receiving agent's inbox
  double amount = 0;
  double rate = 0;

  void operator()();
};

/// @brief Realises the Executor with s4u actors: host agents execute the operations as real
/// SimGrid comms (put/get between the two hosts' agents) and executions; a coordinator drives
/// the policy from SimGrid's maestro (coordinate()).
///
/// Determinism: every completion is reported to the coordinator, which runs after all agents
/// woken at the same date (SimGrid runs them in one scheduling round, then handles their
/// simcalls in maestro: the first report's simcall calls the coordinator), sorts the batch by
/// (owner, id) and only then calls the policy: the order of the Policy contract, whatever
/// SimGrid's wake order.
class SimgridEngine final : public Engine, private Executor {
 public:
  SimgridEngine(sg4::Engine& engine, std::vector<sg4::Host*> hosts, std::string file, bool every_route_checked,
                std::shared_ptr<const Platform> platform)
      : engine_(engine),
        hosts_(std::move(hosts)),
        file_(std::move(file)),
        every_route_checked_(every_route_checked),
        platform_(std::move(platform)),
        idle_(hosts_.size(), nullptr) {}

  void run(ReplicationSource& source) override {
    const unsigned stack_kib = std::max(8192, simgrid::config::get_value<int>("contexts/stack-size"));
    // SimGrid ends every actor with an exception thrown on the actor's own stack (Context::stop),
    // and the first end in a process binds its way through the dynamic linker: libstdc++ and
    // libgcc's unwinder call their own exported functions through lazily bound entries, and the
    // resolver saves the vector registers on the stack (up to 2.7 KiB with AVX-512). On an
    // agent's 3 KiB stack (SimgridSession::engine) that first end overflows, so an actor with
    // the default stack ends first: it runs and ends in the first scheduling round, before the
    // coordinator's first timer creates any agent. (hetcoll itself is linked with -z now.)
    sg4::Actor::init("first-end", hosts_.front())->set_stacksize(stack_kib)->start([] {});
    source_ = &source;
    simgrid::kernel::timer::Timer::set(0.0, [this] { coordinate(); });
    engine_.run();
    if (failure_) std::rethrow_exception(failure_);
  }

  /// Called by an agent when its operation ends; the owner side of every activity reports.
  /// Returns false when the agent is to end (the coordinator has stopped on an error).
  bool report(Agent& agent, bool owner) {
    if (stopping_) return false;
    if (!owner) {
      // The sender's side goes to sleep at once. Its suspension is a simcall SimGrid may handle
      // after the coordinator has run at this date, when resume() would do nothing: it becomes
      // idle only at the next coordination, when it is surely asleep (coordinate()).
      drowsy_.push_back(&agent);
      return true;
    }
    agent.next_idle = idle_[agent.host];
    idle_[agent.host] = &agent;
    reports_.push_back(agent.id);
    // SimGrid runs every actor woken at a date (one sub-round) before it handles any of their
    // simcalls, in maestro: the first report's simcall finds the whole instant reported and
    // coordinates it there, on maestro's stack. (A timer at the same date cost SimGrid a clock
    // advance of zero per instant.) The reporting agent goes to sleep only after it, so the
    // coordinator may hand it a command at once.
    simgrid::kernel::actor::simcall_answered([this] {
      if (!reports_.empty()) coordinate();
    });
    return true;
  }

 private:
  double now() const override { return sg4::Engine::get_clock() - origin_; }

  std::uint64_t start(const Activity& a) override {
    // The model engine's refusals (its refuse()): an amount or a rate cap that would make
    // SimGrid wait forever. An infinite cap is no cap, as there.
    const double most = std::numeric_limits<double>::max();
    if (a.kind == ActivityKind::compute) {
      if (!(a.amount >= 0 && a.amount <= most)) throw no_finite_duration(a, hosts_[a.host]->get_name(), "");
    } else {
      const double at_cap = a.rate == 0 ? 0 : a.amount / a.rate;  // the least duration the cap allows
      if (!(a.amount >= 0 && a.amount <= most && at_cap >= 0 && at_cap <= most))
        throw no_finite_duration(a, hosts_[a.host]->get_name(), hosts_[a.peer]->get_name());
      check_route_once(a.host, a.peer);
    }
    const std::uint64_t id = started_.size();
    started_.push_back({id, a, now(), 0.0});
    ++pending_;
    if (a.kind == ActivityKind::compute) {
      command(take_agent(a.host), Role::compute, id, nullptr, a.amount, 0);
    } else {
      // The receiving agent is chosen first, so the sender knows its inbox; the sender is still
      // started first, as SimGrid has always seen it.
      Agent& receiver = take_agent(a.peer);
      Agent& sender = take_agent(a.host);
      if (receiver.inbox == nullptr) receiver.inbox = sg4::Mailbox::by_name("a" + std::to_string(receiver.index));
      command(sender, Role::send, id, receiver.inbox, a.amount, a.rate);
      command(receiver, Role::receive, id, nullptr, a.amount, a.rate);
    }
    return id;
  }

  Agent& take_agent(int host) {
    if (idle_[host] == nullptr) {
      Agent& agent = agents_.emplace_back();
      agent.engine = this;
      agent.host = host;
      agent.index = static_cast<std::uint32_t>(agents_.size() - 1);
      return agent;
    }
    Agent& agent = *idle_[host];
    idle_[host] = agent.next_idle;
    return agent;
  }

  void command(Agent& agent, Role role, std::uint64_t id, sg4::Mailbox* box, double amount, double rate) {
    agent.role = role;
    agent.id = id;
    agent.mailbox = box;
    agent.amount = amount;
    agent.rate = rate;
    wake(agent);
  }

  void wake(Agent& agent) {
    agent.has_command = true;
    if (!agent.actor || agent.sleeping) {
      agent.sleeping = false;
      to_wake_.push_back(&agent);
    }
  }

  /// Creates or resumes the agents handed a command, in that order (the coordinator runs in
  /// maestro: each is a direct call, not a simcall).
  void wake_all() {
    for (Agent* agent : to_wake_) {
      if (!agent->actor) {
        agent->actor = sg4::Actor::create("agent", hosts_[agent->host], std::ref(*agent));
      } else if (agent->actor->is_suspended()) {
        agent->actor->resume();
      } else {
        // Its suspension is still to be handled in this round (a sender that reported at this
        // date is not idle yet, so mostly when the agents stop): resumed once the round is over.
        late_.push_back(agent);
      }
    }
    to_wake_.clear();
    if (!late_.empty() && !late_due_) {
      late_due_ = true;
      simgrid::kernel::timer::Timer::set(sg4::Engine::get_clock(), [this] {
        late_due_ = false;
        for (Agent* agent : late_) agent->actor->resume();
        late_.clear();
      });
    }
  }

  /// Ends every agent: an idle one on its `stop` command, a busy one (only after an error) when
  /// it reports, and one with a command not yet begun after carrying it out.
  void stop_agents() {
    stopping_ = true;
    for (Agent& agent : agents_)
      if (!agent.has_command) {
        agent.role = Role::stop;
        wake(agent);
      }
    wake_all();
  }

  void check_route_once(int src, int dst) {
    // SimGrid aborts on a message without route and never ends one over a link without
    // bandwidth: check each route once, before its first message (every route of a few hosts
    // is checked before the simulation, check_hosts_and_routes).
    if (every_route_checked_ || hosts_.size() <= static_cast<std::size_t>(kAllPairsHosts)) return;
    if (checked_routes_.insert(static_cast<std::uint64_t>(src) * hosts_.size() + dst).second)
      check_route(*hosts_[src], *hosts_[dst], file_);
  }

  /// The coordinator: runs in SimGrid's maestro, from the simcall of the first report of an
  /// instant (report()), so once every agent woken at that date has reported: SimGrid handles
  /// the simcalls of a scheduling round after all its actors have run. The first replication
  /// begins from a timer at date 0 (run()). As an actor, the coordinator cost four context
  /// switches per batch and the first reporting agent a fifth (7 % of a 64-host Tree-dyn run);
  /// policies run on maestro's stack, the process's own. The agents it commands are created or
  /// resumed from here (wake_all()) and run at the same date.
  void coordinate() {
    if (stopping_) return;
    // Senders that reported before this round are asleep by now: idle again. This round's wait.
    for (Agent* agent : asleep_) {
      agent->next_idle = idle_[agent->host];
      idle_[agent->host] = agent;
    }
    asleep_.clear();
    asleep_.swap(drowsy_);
    try {
      if (policy_ != nullptr) deliver_batch();
      while (policy_ == nullptr || pending_ == 0) {
        if (policy_ != nullptr) source_->finished(makespan_);
        if (!begin_next()) {
          stop_agents();
          return;
        }
      }
      wake_all();
    } catch (...) {
      // An exception must not leave the callback: SimGrid would abort the process. Keep it, let
      // the simulation end (agents still busy finish their operation first), and rethrow from
      // run(), outside SimGrid.
      failure_ = std::current_exception();
      stop_agents();
    }
  }

  /// Begins the source's next replication; false when there is none.
  bool begin_next() {
    settings_.clear();
    policy_ = source_->next(settings_);
    if (policy_ == nullptr) return false;
    apply(settings_);
    origin_ = sg4::Engine::get_clock();
    started_.clear();
    pending_ = 0;
    makespan_ = 0;
    policy_->begin(*this);
    return true;
  }

  /// Delivers the completions reported at this date, sorted by (owner, id).
  void deliver_batch() {
    batch_.swap(reports_);
    reports_.clear();
    const double date = now();
    std::sort(batch_.begin(), batch_.end(), [this](std::uint64_t a, std::uint64_t b) {
      const int oa = started_[a].activity.owner(), ob = started_[b].activity.owner();
      return oa != ob ? oa < ob : a < b;
    });
    makespan_ = date;
    for (std::uint64_t id : batch_) {
      started_[id].end = date;
      --pending_;
      // The record itself: started_ is a deque, so the activities the policy starts meanwhile
      // do not move it.
      policy_->on_complete(*this, started_[id]);
    }
  }

  void apply(const std::vector<LinkSetting>& settings) {
    if (settings.empty()) return;
    if (platform_ == nullptr) throw std::logic_error("SimGrid engine: link settings without the platform they index");
    // Each link is looked up by name once, on its first change (a drawn cluster changes the same
    // links every replication).
    if (links_.empty()) links_.resize(platform_->links.size(), nullptr);
    for (const LinkSetting& s : settings) {
      check_link_setting(s, *platform_);
      sg4::Link*& link = links_[s.link];
      if (link == nullptr) link = sg4::Link::by_name_or_null(platform_->link_name(s.link));
      if (link == nullptr) throw InputError("platform: no link named " + platform_->link_name(s.link) + " to update");
      link->set_bandwidth(s.bandwidth);
      link->set_latency(s.latency);
    }
  }

  sg4::Engine& engine_;
  std::vector<sg4::Host*> hosts_;
  std::string file_;  // the platform file, for error messages
  bool every_route_checked_;  // a built platform (SimgridSession): no route to check
  std::shared_ptr<const Platform> platform_;  // the description LinkSetting indices refer to
  std::vector<sg4::Link*> links_;             // by index in platform_, looked up on first change
  std::exception_ptr failure_;
  // Per host, its idle agents as a list through Agent::next_idle, last idle first: at 2^20 hosts
  // a vector per host would cost 56 bytes each, the list 8.
  std::vector<Agent*> idle_;
  std::deque<Agent> agents_;  // a deque: agents never move (actors hold references to them)
  std::unordered_set<std::uint64_t> checked_routes_;  // src * hosts + dst, above kAllPairsHosts
  bool stopping_ = false;
  std::vector<Agent*> to_wake_;  // handed a command, to create or resume (wake_all)
  std::vector<Agent*> drowsy_;   // senders that reported since the last coordination (report())
  std::vector<Agent*> asleep_;   // those of the last coordination's round: idle at the next
  std::vector<Agent*> late_;     // commanded before their suspension took effect (wake_all)
  bool late_due_ = false;        // a timer will resume late_
  ReplicationSource* source_ = nullptr;
  Policy* policy_ = nullptr;  // the replication under way
  std::vector<LinkSetting> settings_;
  double origin_ = 0;
  double makespan_ = 0;
  std::uint64_t pending_ = 0;
  // Every activity of the replication, by id. A deque: no copy of the whole when it grows (at
  // 2^20 hosts a vector's growth would hold 64 MB and 128 MB at once).
  std::deque<Completion> started_;
  std::vector<std::uint64_t> reports_;
  std::vector<std::uint64_t> batch_;
};

void Agent::operator()() {
  static char payload;  // messages carry no data: only their simulated size matters
  for (;;) {
    while (!has_command) {
      sleeping = true;
      sg4::this_actor::suspend();
    }
    has_command = false;
    switch (role) {
      case Role::send: {
        sg4::CommPtr comm = mailbox->put_init(&payload, static_cast<std::uint64_t>(amount));
        if (rate > 0 && rate <= std::numeric_limits<double>::max()) comm->set_rate(rate);
        comm->wait();
        if (!engine->report(*this, false)) return;
        break;
      }
      case Role::receive:
        inbox->get<char>();
        if (!engine->report(*this, true)) return;
        break;
      case Role::compute:
        sg4::this_actor::execute(amount);
        if (!engine->report(*this, true)) return;
        break;
      case Role::stop:
        return;
    }
  }
}

}  // namespace

std::unique_ptr<Engine> make_simgrid_engine(sg4::Engine& engine, std::vector<sg4::Host*> hosts,
                                            const std::string& file, bool every_route_checked,
                                            std::shared_ptr<const Platform> platform) {
  return std::make_unique<SimgridEngine>(engine, std::move(hosts), file, every_route_checked, std::move(platform));
}

}  // namespace hetcoll
