# Run at every build (cmake -P, from the hetcoll_revision target): writes OUTPUT, the header
# that gives the manifest and `hetcoll --version` the revision of the sources being built.
# Worked out at build time, not at configure time: a build directory configured once and
# rebuilt after `git pull` or local edits would otherwise stamp its results with a revision
# they do not come from. The header is rewritten only when the revision changes, so an
# unchanged tree recompiles nothing.
#
#   git describe --always --dirty: the short commit, "-dirty" if tracked files differ from it
#   no git or no repository (an unpacked archive): FALLBACK (-DHETCOLL_REVISION=..., else unknown)
#   sources unpacked inside some other repository: FALLBACK too (that repository's commit is
#   not theirs)
execute_process(
  COMMAND git -C "${SOURCE_DIR}" rev-parse --show-toplevel
  OUTPUT_VARIABLE top
  RESULT_VARIABLE status
  OUTPUT_STRIP_TRAILING_WHITESPACE
  ERROR_QUIET)
set(revision "")
if(status EQUAL 0)
  get_filename_component(top "${top}" REALPATH)
  get_filename_component(source "${SOURCE_DIR}" REALPATH)
  if(top STREQUAL source)
    execute_process(
      COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=7
      OUTPUT_VARIABLE revision
      RESULT_VARIABLE status
      OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    if(NOT status EQUAL 0)
      set(revision "")
    endif()
  endif()
endif()
if(revision STREQUAL "")
  set(revision "${FALLBACK}")
  # A checkout whose revision git would not give (a repository owned by another user, say):
  # said, rather than stamping results "unknown" unseen.
  if(EXISTS "${SOURCE_DIR}/.git")
    message(WARNING "hetcoll: git gave no revision for ${SOURCE_DIR}; results will say '${FALLBACK}'")
  endif()
endif()
# HETCOLL_BUILD names this build for the SimGrid plugin's check (simgrid_plugin.hpp): the
# revision and BUILD_ID, drawn once per build directory.
file(WRITE "${OUTPUT}.tmp" "#define HETCOLL_REVISION \"${revision}\"\n"
     "#define HETCOLL_BUILD \"revision ${revision}, build ${BUILD_ID}\"\n")
execute_process(COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
