#include "engine/simgrid/simgrid_engine.hpp"

#include <simgrid/s4u.hpp>

#include <xbt/config.hpp>

#include <algorithm>
#include <exception>
#include <limits>
#include <unordered_map>

#include "core/error.hpp"
#include "core/number_format.hpp"
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
/// itself; the coordinator hands it a command and resumes it.
struct Agent {
  SimgridEngine* engine = nullptr;
  int host = 0;
  sg4::ActorPtr actor;
  bool has_command = false;
  bool sleeping = false;
  Role role = Role::stop;
  std::uint64_t id = 0;
  sg4::Mailbox* mailbox = nullptr;
  double amount = 0;
  double rate = 0;

  void operator()();
};

/// @brief Realises the Executor with s4u actors: a coordinator actor drives the policy, host
/// agents execute the operations as real SimGrid comms (put/get between the two hosts' agents)
/// and executions.
///
/// Determinism: every completion is reported to the coordinator, which runs after all agents
/// woken at the same date (SimGrid runs actors woken by one solve in one scheduling round, and
/// the coordinator, woken by the first report, in the next), sorts the batch by (owner, id) and
/// only then calls the policy: the order of the Policy contract, whatever SimGrid's wake order.
class SimgridEngine final : public Engine, private Executor {
 public:
  SimgridEngine(sg4::Engine& engine, std::vector<sg4::Host*> hosts, std::string file)
      : engine_(engine), hosts_(std::move(hosts)), file_(std::move(file)), idle_(hosts_.size()) {}

  void run(ReplicationSource& source) override {
    // The policies run on the coordinator's stack, which keeps SimGrid's default size even when
    // a large platform makes agent stacks small (see SimgridSession::engine).
    const unsigned stack_kib = std::max(8192, simgrid::config::get_value<int>("contexts/stack-size"));
    sg4::Actor::init("coordinator", hosts_.front())->set_stacksize(stack_kib)->start([this, &source] {
      coordinate(source);
    });
    engine_.run();
    if (failure_) std::rethrow_exception(failure_);
  }

  /// Called by an agent when its operation ends; the owner side of every activity reports.
  void report(Agent& agent, bool owner) {
    idle_[agent.host].push_back(&agent);
    if (!owner) return;
    reports_.push_back(agent.id);
    if (coordinator_sleeping_) {
      coordinator_sleeping_ = false;
      coordinator_->resume();
    }
  }

 private:
  double now() const override { return sg4::Engine::get_clock() - origin_; }

  std::uint64_t start(const Activity& a) override {
    const double most = std::numeric_limits<double>::max();
    if (!(a.amount >= 0 && a.amount <= most && a.rate >= 0 && a.rate <= most))
      throw InputError("an activity of " + format_number(a.amount) + (a.kind == ActivityKind::comm ? " bytes" : " flops") +
                       " on host " + hosts_[a.host]->get_name() + " (rate cap " + format_number(a.rate) +
                       ") has no finite duration; expected a finite, non-negative amount and rate cap");
    const std::uint64_t id = started_.size();
    started_.push_back({id, a, now(), 0.0});
    ++pending_;
    if (a.kind == ActivityKind::compute) {
      dispatch(a.host, Role::compute, id, nullptr, a.amount, 0);
    } else {
      sg4::Mailbox* box = mailbox(a.host, a.peer);
      dispatch(a.host, Role::send, id, box, a.amount, a.rate);
      dispatch(a.peer, Role::receive, id, box, a.amount, a.rate);
    }
    return id;
  }

  void dispatch(int host, Role role, std::uint64_t id, sg4::Mailbox* box, double amount, double rate) {
    Agent* agent;
    if (idle_[host].empty()) {
      agents_.push_back(std::make_unique<Agent>());
      agent = agents_.back().get();
      agent->engine = this;
      agent->host = host;
    } else {
      agent = idle_[host].back();
      idle_[host].pop_back();
    }
    agent->role = role;
    agent->id = id;
    agent->mailbox = box;
    agent->amount = amount;
    agent->rate = rate;
    agent->has_command = true;
    if (!agent->actor) {
      agent->actor = sg4::Actor::create("agent", hosts_[host], std::ref(*agent));
      agent->actor->daemonize();
    } else if (agent->sleeping) {
      agent->sleeping = false;
      agent->actor->resume();
    }
  }

  sg4::Mailbox* mailbox(int src, int dst) {
    const std::uint64_t key = static_cast<std::uint64_t>(src) * hosts_.size() + dst;
    auto it = mailboxes_.find(key);
    if (it != mailboxes_.end()) return it->second;
    // SimGrid aborts on a message without route and never ends one over a link without
    // bandwidth: check each route once, before its first message.
    check_route(*hosts_[src], *hosts_[dst], file_);
    sg4::Mailbox* box = sg4::Mailbox::by_name(hosts_[src]->get_name() + "->" + hosts_[dst]->get_name());
    mailboxes_.emplace(key, box);
    return box;
  }

  void coordinate(ReplicationSource& source) {
    coordinator_ = sg4::Actor::self();
    std::vector<LinkSetting> settings;
    try {
      for (;;) {
        settings.clear();
        Policy* policy = source.next(settings);
        if (policy == nullptr) break;
        apply(settings);
        source.finished(run_one(*policy));
      }
    } catch (...) {
      // An exception must not leave an actor: SimGrid would abort the process. Stop every
      // agent, let the simulation end, and rethrow from run(), outside SimGrid.
      failure_ = std::current_exception();
      sg4::Actor::kill_all();
    }
  }

  double run_one(Policy& policy) {
    origin_ = sg4::Engine::get_clock();
    started_.clear();
    pending_ = 0;
    policy.begin(*this);
    double makespan = 0;
    while (pending_ > 0) {
      while (reports_.empty()) {
        coordinator_sleeping_ = true;
        sg4::this_actor::suspend();
      }
      batch_.swap(reports_);
      reports_.clear();
      const double date = now();
      std::sort(batch_.begin(), batch_.end(), [this](std::uint64_t a, std::uint64_t b) {
        const int oa = started_[a].activity.owner(), ob = started_[b].activity.owner();
        return oa != ob ? oa < ob : a < b;
      });
      makespan = date;
      for (std::uint64_t id : batch_) {
        started_[id].end = date;
        --pending_;
        const Completion done = started_[id];  // a copy: the policy may grow started_
        policy.on_complete(*this, done);
      }
    }
    return makespan;
  }

  void apply(const std::vector<LinkSetting>& settings) {
    for (const LinkSetting& s : settings) {
      check_link_setting(s);
      sg4::Link* link = sg4::Link::by_name_or_null(s.link);
      if (link == nullptr) throw InputError("platform: no link named " + s.link + " to update");
      link->set_bandwidth(s.bandwidth);
      link->set_latency(s.latency);
    }
  }

  sg4::Engine& engine_;
  std::vector<sg4::Host*> hosts_;
  std::string file_;  // the platform file, for error messages
  std::exception_ptr failure_;
  std::vector<std::vector<Agent*>> idle_;
  std::vector<std::unique_ptr<Agent>> agents_;
  std::unordered_map<std::uint64_t, sg4::Mailbox*> mailboxes_;
  sg4::ActorPtr coordinator_;
  bool coordinator_sleeping_ = false;
  double origin_ = 0;
  std::uint64_t pending_ = 0;
  std::vector<Completion> started_;
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
        if (rate > 0) comm->set_rate(rate);
        comm->wait();
        engine->report(*this, false);
        break;
      }
      case Role::receive:
        mailbox->get<char>();
        engine->report(*this, true);
        break;
      case Role::compute:
        sg4::this_actor::execute(amount);
        engine->report(*this, true);
        break;
      case Role::stop:
        return;
    }
  }
}

}  // namespace

std::unique_ptr<Engine> make_simgrid_engine(sg4::Engine& engine, std::vector<sg4::Host*> hosts,
                                            const std::string& file) {
  return std::make_unique<SimgridEngine>(engine, std::move(hosts), file);
}

}  // namespace hetcoll
