# The SMPI check (docs/smpi.md), added to hetcoll_tests: hetcoll against smpirun on the same
# platform files and hosts. Each test compiles test/smpi/coll_time.c with smpicc when it runs and
# is skipped, with one line saying why, where smpirun or smpicc is missing.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_rank_programs_against_smpi.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_rows_against_smpi.cpp
)
