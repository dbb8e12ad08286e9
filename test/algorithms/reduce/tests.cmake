# Tests of the `reduce` family, added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_reduction_algorithms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduction_theory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_hetreduce_schedules.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_hetreduce_theory.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_hetreduce_family.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_hetreduce_search.cpp
)
