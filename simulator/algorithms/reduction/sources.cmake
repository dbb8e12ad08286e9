# Sources of the `reduction` family (RR-8315), added to hetcoll_core.
target_sources(hetcoll_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/reduction_costs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/static_tree.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binomial_stat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fibonacci_stat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree_dyn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/non_commut_tree_dyn.cpp
  ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/schedule_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/reduction_family.cpp
)
