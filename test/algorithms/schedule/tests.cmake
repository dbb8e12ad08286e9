# Tests of the `schedule` family (GOAL schedules as data), added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_goal_reader.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_goal_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_goal_program.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_schedule_runs.cpp
)
