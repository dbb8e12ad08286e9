// Loaded with LD_PRELOAD by test/cli/faults_outputs.sh: every flock() fails as on a network
// mount without locks (ENOLCK), to check that a run there still writes its outputs and never
// takes another run's temporaries for abandoned ones.
#include <cerrno>

extern "C" int flock(int /*fd*/, int /*operation*/) {
  errno = ENOLCK;
  return -1;
}
