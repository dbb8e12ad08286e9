#include "engine/engine_factory.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "core/error.hpp"
#include "engine/forked_child.hpp"
#include "engine/model/model_engine.hpp"
#include "engine/model/model_probe.hpp"
#include "engine/simgrid/simgrid_plugin.hpp"
#include "engine/simgrid/simgrid_probe.hpp"
#include "engine/simgrid/simgrid_session.hpp"
#include "platform/platform_file_scan.hpp"

namespace hetcoll {
namespace {

/// What both kinds of run share: the platform and its probe, made on first use.
class RunBase : public EngineRun {
 public:
  const Platform& platform() const override { return *platform_; }
  Probe& probe() override {
    if (!probe_) probe_ = make_model_probe(*platform_);
    return *probe_;
  }

 protected:
  // Shared with the model engine, which copies only the links' costs: a 2^20-host platform is
  // held once.
  std::shared_ptr<const Platform> platform_;
  std::unique_ptr<Probe> probe_;
};

class ModelRun final : public RunBase {
 public:
  explicit ModelRun(const EngineRequest& r) {
    // SimGrid only reads the file here; the session ends before the model engine runs.
    if (r.platform_file.empty()) {
      platform_ = std::make_shared<const Platform>(r.generated());
    } else {
      SimgridSession file(r.platform_file, r.cfg, r.hosts);
      file.keep_first(r.host_count);
      platform_ = std::make_shared<const Platform>(file.describe(true));
    }
    engine_ = make_model_engine(platform_);
  }
  Engine& engine() override { return *engine_; }

 private:
  std::unique_ptr<Engine> engine_;
};

class SimgridRun final : public RunBase {
 public:
  explicit SimgridRun(const EngineRequest& r) {
    if (r.platform_file.empty()) {
      platform_ = std::make_shared<const Platform>(r.generated());
      session_ = std::make_unique<SimgridSession>(*platform_, r.cfg);
    } else {
      session_ = std::make_unique<SimgridSession>(r.platform_file, r.cfg, r.hosts);
      session_->keep_first(r.host_count);
      platform_ = std::make_shared<const Platform>(session_->describe(r.routes));
    }
    engine_ = session_->engine(r.host_count, platform_);
  }
  Engine& engine() override { return *engine_; }

 private:
  std::unique_ptr<SimgridSession> session_;
  std::unique_ptr<Engine> engine_;
};

class ModelPlatformProbe final : public PlatformProbe {
 public:
  ModelPlatformProbe(const std::string& file, const std::vector<std::string>& cfg)
      : platform_(SimgridSession(file, cfg).describe(true)), probe_(make_model_probe(platform_)) {}
  int hosts() const override { return platform_.host_count(); }
  Probe& probe() override { return *probe_; }

 private:
  Platform platform_;
  std::unique_ptr<Probe> probe_;
};

class SimgridPlatformProbe final : public PlatformProbe {
 public:
  SimgridPlatformProbe(const std::string& file, const std::vector<std::string>& cfg)
      : session_(file, cfg), hosts_(session_.host_count()), probe_(make_simgrid_probe(session_, hosts_)) {}
  int hosts() const override { return hosts_; }
  Probe& probe() override { return *probe_; }

 private:
  SimgridSession session_;
  int hosts_;
  std::unique_ptr<Probe> probe_;
};

}  // namespace

const std::vector<std::string>& engine_words() {
  static const std::vector<std::string> words = {"simgrid", "model"};
  return words;
}

EngineKind engine_kind(const std::string& word) {
  if (word == "simgrid") return EngineKind::simgrid;
  if (word == "model") return EngineKind::model;
  throw InputError("engine: unknown engine '" + word + "' (expected simgrid or model)");
}

std::unique_ptr<EngineRun> open_engine(const EngineRequest& request) {
  switch (engine_kind(request.engine)) {
    case EngineKind::model: return std::make_unique<ModelRun>(request);
    case EngineKind::simgrid: return std::make_unique<SimgridRun>(request);
  }
  throw std::logic_error("open_engine: an engine kind without a run");
}

bool opens_simgrid(const std::string& engine, const std::string& platform_file) {
  return engine_kind(engine) == EngineKind::simgrid || !platform_file.empty();
}

void load_simgrid() { simgrid_plugin(); }

std::string simgrid_abort_reason(const std::string& output) {
  const std::string mark = "/CRITICAL] ";
  const std::size_t at = output.find(mark);
  if (at == std::string::npos) return "";
  const std::size_t begin = at + mark.size();
  return output.substr(begin, output.find('\n', begin) - begin);
}

namespace {

// A SimGrid setting of how SimGrid runs its actors, traces or reports, which changes no date.
bool changes_no_date(const std::string& key) {
  for (const char* prefix : {"contexts/", "tracing", "debug/", "exception/", "model-check/", "smpi/"})
    if (key.rfind(prefix, 0) == 0) return true;
  return key == "path" || key == "help-nostop";
}

}  // namespace

void refuse_settings_the_model_engine_leaves_out(const std::string& engine, const std::vector<std::string>& cfg,
                                                 const std::string& cfg_origin, const std::string& platform_file) {
  if (engine_kind(engine) != EngineKind::model) return;
  const std::string why =
      ", which the model engine would leave out: it times activities by its own rules and takes only the SimGrid "
      "settings that change no date (contexts/, tracing, debug/, exception/, path, model-check/, smpi/) and "
      "network/optim:Full, its own sharing; use "
      "--engine simgrid or ";
  for (const std::string& c : cfg)
    // The model engine solves max-min exactly at every event, which is what Full asks of
    // SimGrid (docs/design.md, "Why both engines agree to the last bit", item 5).
    if (!changes_no_date(c.substr(0, c.find(':'))) && c != "network/optim:Full")
      throw InputError(cfg_origin + ": key 'cfg' sets '" + c + "'" + why + "drop it");
  if (platform_file.empty()) return;
  const std::vector<std::string> exact = exact_timing_config();
  for (const FileSetting& s : scan_platform_file(platform_file).settings) {
    if (changes_no_date(s.key)) continue;
    const std::string exact_value = setting_value(exact, s.key);
    if (!exact_value.empty() && same_setting_value(exact_value, s.value)) continue;
    throw InputError(s.where() + ": <config> sets " + s.key + " to '" + s.value + "'" +
                     why + "remove the setting from the file");
  }
}

// The child answers on a pipe "0 COUNT", or "2 MESSAGE" for a file SimGrid refuses (an
// InputError), "1 MESSAGE" otherwise.
int count_platform_hosts(const std::string& file, const std::vector<std::string>& cfg,
                         const std::vector<std::string>& hosts) {
  load_simgrid();  // here, once, rather than in each counting child
  // SimGrid's own messages go to the pipe too, before the answer: on an abort they say why.
  const std::string kAnswer = "\nhetcoll-count-answer ";
  const std::string output = run_forked(
      [&](int fd) {
        ::dup2(fd, STDERR_FILENO);
        ::dup2(fd, STDOUT_FILENO);
        std::string answer;
        try {
          answer = "0 " + std::to_string(SimgridSession(file, cfg, hosts).host_count());
        } catch (const InputError& e) {
          answer = std::string("2 ") + e.what();
        } catch (const std::exception& e) {
          answer = std::string("1 ") + e.what();
        }
        std::fflush(nullptr);
        answer = kAnswer + answer;
        for (std::size_t done = 0; done < answer.size();) {
          const ssize_t n = ::write(fd, answer.data() + done, answer.size() - done);
          if (n <= 0) break;
          done += static_cast<std::size_t>(n);
        }
        ::_exit(0);
      },
      "counting the hosts of " + file).text;
  const std::size_t at = output.rfind(kAnswer);
  if (at == std::string::npos) {
    const std::string reason = simgrid_abort_reason(output);
    if (!reason.empty()) throw InputError(file + ": SimGrid stops reading the platform: " + reason);
    throw std::runtime_error(file + ": the process counting its hosts died");
  }
  std::cerr << output.substr(0, at);  // what SimGrid said of a file it read (a warning)
  const std::string reply = output.substr(at + kAnswer.size());
  if (reply.size() < 2) throw std::runtime_error(file + ": the process counting its hosts gave no count");
  const std::string text = reply.substr(2);
  if (reply[0] == '2') throw InputError(text);
  if (reply[0] != '0') throw std::runtime_error(text);
  return std::stoi(text);
}

std::unique_ptr<PlatformProbe> open_platform_probe(const std::string& word, const std::string& file,
                                                   const std::vector<std::string>& cfg) {
  switch (engine_kind(word)) {
    case EngineKind::model: return std::make_unique<ModelPlatformProbe>(file, cfg);
    case EngineKind::simgrid: return std::make_unique<SimgridPlatformProbe>(file, cfg);
  }
  throw std::logic_error("open_platform_probe: an engine kind without a probe");
}

}  // namespace hetcoll
