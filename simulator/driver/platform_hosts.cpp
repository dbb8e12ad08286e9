#include "driver/platform_hosts.hpp"

#include "driver/work_dir.hpp"
#include "driver/work_runner.hpp"
#include "engine/simgrid/simgrid_session.hpp"

namespace hetcoll {

int platform_host_count(const std::string& platform, const std::vector<std::string>& cfg,
                        const std::vector<std::string>& hosts, const std::string& work_dir) {
  auto count = [&](const std::string& dir) {
    return std::stoi(run_in_child(dir, [&] {
      return std::to_string(SimgridSession(platform, cfg, hosts).describe(false).host_count());
    }));
  };
  if (!work_dir.empty()) return count(work_dir);
  const WorkDir own;
  return count(own.path());
}

}  // namespace hetcoll
