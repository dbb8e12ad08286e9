# Sources of the `reduce` family (RR-8315 and Liu & Wang), added to hetcoll_core.
# Every .cpp of the folder: a new algorithm is its file plus its row in the registry, with no
# edit here (CONFIGURE_DEPENDS makes the build notice a new file).
file(GLOB family_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cpp)
target_sources(hetcoll_core PRIVATE ${family_sources})
