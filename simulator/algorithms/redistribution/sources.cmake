# Sources of the `redistribution` family (Jeannot & Wagner), added to hetcoll_core.
target_sources(hetcoll_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/instance.cpp
  ${CMAKE_CURRENT_LIST_DIR}/inputs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/matching.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ggp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/oggp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dggp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/greedy.cpp
  ${CMAKE_CURRENT_LIST_DIR}/all_at_once.cpp
  ${CMAKE_CURRENT_LIST_DIR}/exact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/execution.cpp
  ${CMAKE_CURRENT_LIST_DIR}/redistribution_family.cpp
)
