# Sources of the `divisible` family (Beaumont, Marchal, Robert), added to hetcoll_core.
target_sources(hetcoll_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/star.cpp
  ${CMAKE_CURRENT_LIST_DIR}/no_idle_fifo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/order_lp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/opt_lifo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/opt_fifo.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fifo_all_workers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fifo_inc_c.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fifo_inc_w.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/optimal.cpp
  ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/star_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/star_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/divisible_family.cpp
)
