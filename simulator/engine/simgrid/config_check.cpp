#include "engine/simgrid/config_check.hpp"

#include <simgrid/s4u.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>

#include "core/error.hpp"
#include "engine/forked_child.hpp"

namespace sg4 = simgrid::s4u;

namespace hetcoll {
namespace {

// Precedes each setting on the child's stderr, so the parent knows which one failed.
constexpr const char* kTrying = "hetcoll-cfg-trying ";

std::string trimmed(std::string text) {
  const std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t\r") + 1 - begin);
}

[[noreturn]] void try_in_child(const std::vector<std::string>& cfg, const std::vector<std::string>& base) {
  std::vector<std::string> args = {"hetcoll", "--log=root.fmt:%m%n", "--log=no_loc", "--log=xbt_cfg.thres:warning"};
  for (const std::string& c : base) args.push_back("--cfg=" + c);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  int status = 0;
  try {
    new sg4::Engine(&argc, argv.data());  // never destroyed: the child ends with _exit
    for (const std::string& c : cfg) {
      std::fprintf(stderr, "%s%s\n", kTrying, c.c_str());
      std::fflush(stderr);
      sg4::Engine::set_config(c);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    status = 1;
  }
  std::fflush(nullptr);
  ::_exit(status);
}

}  // namespace

void check_simgrid_config(const std::vector<std::string>& cfg, const std::vector<std::string>& base) {
  if (cfg.empty()) return;
  for (const std::string& c : cfg) {
    const std::size_t colon = c.find(':');
    if (colon == std::string::npos || colon == 0)
      throw InputError("cfg: '" + c + "' is not of the form key:value");
    if (trimmed(c.substr(colon + 1)) == "help")
      throw InputError("cfg: " + c + ": 'help' lists values and exits; give a value (see SimGrid's --help-models)");
  }
  // SimGrid's own messages (and aborts) go to the child's stderr and stdout: the pipe.
  const ChildOutput child = run_forked(
      [&](int fd) {
        ::dup2(fd, STDERR_FILENO);
        ::dup2(fd, STDOUT_FILENO);
        ::close(fd);
        try_in_child(cfg, base);
      },
      "cfg: checking the settings");
  const int status = child.status;
  const std::string& output = child.text;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return;
  // The setting tried last is the culprit; the first line SimGrid printed after it says why.
  std::string setting = "the settings", reason;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(kTrying, 0) == 0) {
      setting = line.substr(std::string(kTrying).size());
      reason.clear();
    } else if (reason.empty() && !trimmed(line).empty()) {
      reason = trimmed(line);
    }
  }
  if (reason.empty()) reason = "SimGrid refuses it";
  throw InputError("cfg: " + setting + ": " + reason);
}

}  // namespace hetcoll
