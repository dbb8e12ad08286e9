#pragma once
/// @file goal_lexer.hpp
/// @brief The tokens of a GOAL text (docs/schedule.md), a line at a time: the text is streamed
/// through getline's one reused buffer, never held whole, and a token never spans lines (a
/// `/* */` comment may: the lexer carries it over).
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

namespace hetcoll {

/// @brief What a token is: a word (a letter, then letters, digits and `_`), a number (digits,
/// `-`, `.`, an exponent), `:`, `{`, `}`, any other character, or the end of the line.
enum class GoalTokenKind : std::uint8_t { end, word, number, colon, open, close, other };

/// @brief A token, its text valid until the next line is read.
struct GoalToken {
  GoalTokenKind kind = GoalTokenKind::end;
  std::string_view text;
};

/// @brief Splits the lines of `in` into tokens, skipping blanks and both kinds of comments.
class GoalLexer {
 public:
  /// `source` names the text in errors; `in` must outlive the lexer.
  GoalLexer(std::FILE* in, std::string source) : in_(in), source_(std::move(source)) {}
  ~GoalLexer();
  GoalLexer(const GoalLexer&) = delete;
  GoalLexer& operator=(const GoalLexer&) = delete;

  /// Reads the next line; false at the end of the text. Throws InputError if reading fails.
  bool next_line();
  /// The next token of the line (kind end once the line is used up).
  GoalToken next();

  const std::string& source() const { return source_; }
  std::uint64_t line() const { return line_number_; }  //!< the current line, from 1
  /// The current line as an error shows it: trimmed, control characters as blanks, at most 80.
  std::string excerpt() const;
  /// A `/*` comment is open; comment_line() is where it opened.
  bool in_comment() const { return in_comment_; }
  std::uint64_t comment_line() const { return comment_line_; }

 private:
  std::FILE* in_;
  std::string source_;
  char* buffer_ = nullptr;  // getline's, reused for every line
  std::size_t capacity_ = 0;
  std::string_view line_;
  std::size_t pos_ = 0;
  std::uint64_t line_number_ = 0;
  bool in_comment_ = false;
  std::uint64_t comment_line_ = 0;
};

}  // namespace hetcoll
