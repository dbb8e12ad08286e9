# Sources of the `hetreduce` family (Liu & Wang, IPDPS 2000), added to hetcoll_core.
target_sources(hetcoll_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/cluster.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ep_schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/snf.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fastest_first.cpp
  ${CMAKE_CURRENT_LIST_DIR}/random_order.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ep_order.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binomial.cpp
  ${CMAKE_CURRENT_LIST_DIR}/optimal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lower_bound.cpp
  ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/hetreduce_family.cpp
)
