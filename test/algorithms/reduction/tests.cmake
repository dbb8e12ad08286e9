# Tests of the `reduction` family, added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_reduction_algorithms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_reduction_theory.cpp
)
