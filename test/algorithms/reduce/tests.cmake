# Tests of the `reduce` family, added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_nonclairvoyant.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_planners.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_theory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_family.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_search.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_cost_precision.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_platform_files.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_root.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduce_mpi.cpp
)
