# Tests of the `divisible` family, added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_closed_forms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_paper_examples.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_execution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_family.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_latency.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_lp_termination.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_noise.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_self_scheduling.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_divisible_root.cpp
)
