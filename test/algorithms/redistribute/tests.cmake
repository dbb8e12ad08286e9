# Tests of the `redistribute` family, added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_algorithms.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_execution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_noise.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_defaults.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_asynchronous.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_message.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_peeling.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_redistribution_policy.cpp
)
