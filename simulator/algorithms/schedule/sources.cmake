# Sources of the `schedule` family (GOAL schedules as data), added to hetcoll_core.
# Every .cpp of the folder (one per algorithm, named after its row) and of support/ (what they
# share): a new algorithm is its file plus its row in the registry, with no edit here
# (CONFIGURE_DEPENDS makes the build notice a new file).
file(GLOB family_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp ${CMAKE_CURRENT_LIST_DIR}/support/*.cpp)
target_sources(hetcoll_core PRIVATE ${family_sources})
