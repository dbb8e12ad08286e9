# Tests of the `broadcast` family (Steffenel), added to hetcoll_tests.
target_sources(hetcoll_tests PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/test_lowekamp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_heuristics.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_heuristics_sameness.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_intra_models.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_broadcast_execution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_grid_platform.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_broadcast_cli.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_broadcast_keys.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_two_sites.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_broadcast_noise.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_broadcast_found_clusters.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_mpi_selectors.cpp
  ${CMAKE_CURRENT_LIST_DIR}/test_mpi_broadcast.cpp
)
