#pragma once
/// @file scenario_options.hpp
/// @brief The keys `hetcoll run` knows, as Boost.Program_options descriptions: the parser's
/// vocabulary, and the refusal of a word outside it.
///
/// Included by the parser's files only (docs/design.md, principle 7).
#include <boost/program_options.hpp>

#include <string>

namespace hetcoll {

/// @brief The keys shared by every family, with their help.
boost::program_options::options_description common_options();

/// @brief Every family's keys, each once, from the families' tables.
boost::program_options::options_description family_options();

/// @brief The refusal of a key no family and no common option has, with the known key it most
/// likely meant (`where`: the file or the command line).
std::string unknown_key(const std::string& where, std::string key,
                        const boost::program_options::options_description& options);

}  // namespace hetcoll
