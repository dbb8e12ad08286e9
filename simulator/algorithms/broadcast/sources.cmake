# Sources of the `broadcast` family (Steffenel, INRIA RR 2006), added to hetcoll_core.
target_sources(hetcoll_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/latency_matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lowekamp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cluster_command.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plogp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/intra_models.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tree_shapes.cpp
  ${CMAKE_CURRENT_LIST_DIR}/inter_schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fef.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecef.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecef_la.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecef_lat.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ecef_lat_max.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bottomup.cpp
  ${CMAKE_CURRENT_LIST_DIR}/binomial.cpp
  ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/random_grid.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/broadcast_plan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plogp_measure.cpp
  ${CMAKE_CURRENT_LIST_DIR}/random_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/platform_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/broadcast_family.cpp
)
