// The GOAL reader (docs/schedule.md, "The format as hetcoll reads it"): a parser over the
// tokens of goal_lexer.hpp, a line at a time, which keeps one rank's labels at a time.
#include "algorithms/schedule/support/goal_reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "algorithms/keys.hpp"
#include "algorithms/schedule/support/goal_lexer.hpp"
#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {

const std::string& builtin_goal_text() {
  static const std::string text =
      "// The schedule family's built-in example (docs/schedule.md)\n"
      "num_ranks 2\n"
      "rank 0 {\n"
      "l1: calc 0.5\n"
      "l2: send 8388608b to 1 tag 0\n"
      "l2 requires l1\n"
      "}\n"
      "rank 1 {\n"
      "l1: recv 8388608b from 0 tag 0\n"
      "l2: calc 0.25\n"
      "l2 requires l1\n"
      "}\n";
  return text;
}

namespace {

using Tok = GoalTokenKind;
using Token = GoalToken;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// A whole number of `text` (digits only) if at most `most`, else -1.
std::int64_t whole_number(std::string_view text, std::int64_t most) {
  if (text.empty()) return -1;
  std::int64_t n = 0;
  for (char c : text) {
    if (!is_digit(c) || n > (most - (c - '0')) / 10) return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

/// K of a label `op<K>`, or -1.
std::int64_t label_number(std::string_view label) {
  if (label.size() < 3 || label[0] != 'o' || label[1] != 'p') return -1;
  return whole_number(label.substr(2), std::int64_t{1} << 62);
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

/// Parses a GOAL text statement by statement; keeps one rank's labels at a time.
class GoalParser {
 public:
  GoalParser(std::FILE* in, std::string name) : lex_(in, name) { schedule_.source = std::move(name); }

  /// Reads to the end (header_only: to num_ranks).
  GoalSchedule parse(bool header_only) {
    while (lex_.next_line()) {
      for (Token t = next(); t.kind != Tok::end; t = next()) {
        statement(t);
        if (header_only && schedule_.ranks > 0) return std::move(schedule_);
      }
    }
    if (lex_.in_comment()) fail_at(lex_.comment_line(), "a comment '/*' is not closed");
    if (block_rank_ >= 0)
      fail_at(block_line_, "rank " + std::to_string(block_rank_) +
                               "'s block is not closed: expected '}' before the end of the file");
    if (schedule_.ranks == 0)
      throw InputError(schedule_.source + ": no 'num_ranks N' line: expected one before the first block");
    schedule_.numbered = all_numbered_ && !schedule_.ops.empty();
    return std::move(schedule_);
  }

 private:
  Token next() { return lex_.next(); }

  // ---- errors: one line naming the file, the line and what was expected
  [[noreturn]] void fail(const std::string& what) const { fail_at(lex_.line(), "'" + lex_.excerpt() + "': " + what); }
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& what) const {
    throw InputError(schedule_.source + ":" + std::to_string(line) + ": " + what);
  }

  Token expect(Tok type, const char* what) {
    const Token t = next();
    if (t.kind != type)
      fail(std::string("expected ") + what +
           (t.kind == Tok::end ? " before the end of the line" : ", not '" + std::string(t.text) + "'"));
    return t;
  }
  bool is_word(const Token& t, const char* word) const { return t.kind == Tok::word && t.text == word; }
  void expect_end() {
    const Token t = next();
    if (t.kind != Tok::end) fail("expected the end of the line after the operation, not '" + std::string(t.text) + "'");
  }
  /// A rank in [0, num_ranks), or a receive's -1 (any source).
  int rank_number(const Token& t, const char* what) {
    const bool source = std::string_view(what) == "source";
    if (t.text == "-1" && source) {
      schedule_.wildcards = true;
      return kGoalAnySource;
    }
    const std::int64_t r = whole_number(t.text, std::int64_t{1} << 40);
    if (r < 0 || r >= schedule_.ranks)
      fail(std::string(what) + " '" + std::string(t.text) + "' is no rank: expected a whole number in [0, " +
           std::to_string(schedule_.ranks - 1) + "]" + (source ? " or -1 (any source)" : "") + " (num_ranks " +
           std::to_string(schedule_.ranks) + ")");
    return static_cast<int>(r);
  }

  // ---- statements
  void statement(const Token& t) {
    if (is_word(t, "num_ranks")) return num_ranks();
    if (is_word(t, "rank")) return open_block();
    if (t.kind == Tok::close) return close_block();
    if (t.kind != Tok::word)
      fail("expected 'num_ranks', 'rank', '}', an operation or a dependency, not '" + std::string(t.text) + "'");
    if (block_rank_ < 0)
      fail("expected 'num_ranks' or 'rank R {': operations and dependencies belong in a rank's block");
    if (is_word(t, "send")) return operation(GoalOpKind::send, {});
    if (is_word(t, "recv")) return operation(GoalOpKind::recv, {});
    if (is_word(t, "calc")) return operation(GoalOpKind::calc, {});
    if (is_keyword(t.text))
      fail("'" + std::string(t.text) + "' cannot start a line: expected an operation, a label or a dependency");
    const std::string label(t.text);
    const Token after = next();
    if (after.kind == Tok::colon) {
      const Token op = expect(Tok::word, "'send', 'recv' or 'calc' after the label");
      if (op.text == "send") return operation(GoalOpKind::send, label);
      if (op.text == "recv") return operation(GoalOpKind::recv, label);
      if (op.text == "calc") return operation(GoalOpKind::calc, label);
      fail("expected 'send', 'recv' or 'calc' after the label, not '" + std::string(op.text) + "'");
    }
    if (is_word(after, "requires") || is_word(after, "irequires")) {
      const Token on = expect(Tok::word, "a label after '" + std::string(after.text) + "'");
      if (is_keyword(on.text)) fail("'" + std::string(on.text) + "' is no label");
      const std::string on_label(on.text);
      expect_end();
      return dependency(label, on_label, after.text == "irequires");
    }
    fail("expected ':', 'requires' or 'irequires' after '" + label + "'");
  }

  static bool is_keyword(std::string_view w) {
    // LogGOPSim's lexer reads these words as themselves at the start of a statement; every
    // other word there is a label (even "b", "to" or "requires").
    for (const char* k : {"num_ranks", "rank", "send", "recv", "calc"})
      if (w == k) return true;
    return false;
  }

  Token expect(Tok type, const std::string& what) { return expect(type, what.c_str()); }

  void num_ranks() {
    if (schedule_.ranks > 0) fail("'num_ranks' is given twice");
    const Token n = expect(Tok::number, "the number of ranks after 'num_ranks'");
    const std::int64_t ranks = whole_number(n.text, static_cast<std::int64_t>(kMaxHosts));
    if (ranks < 1)
      fail("num_ranks '" + std::string(n.text) + "': expected a whole number in [1, " +
           std::to_string(static_cast<std::int64_t>(kMaxHosts)) + "]");
    schedule_.ranks = static_cast<int>(ranks);
    seen_.assign(static_cast<std::size_t>(ranks), false);
  }

  void open_block() {
    if (schedule_.ranks == 0) fail("expected 'num_ranks N' before the first rank's block");
    if (block_rank_ >= 0) fail("rank " + std::to_string(block_rank_) + "'s block is not closed: expected '}' first");
    const int rank = rank_number(expect(Tok::number, "a rank after 'rank'"), "rank");
    if (seen_[static_cast<std::size_t>(rank)]) fail("rank " + std::to_string(rank) + " has a block already");
    expect(Tok::open, "'{' after the rank");
    seen_[static_cast<std::size_t>(rank)] = true;
    block_rank_ = rank;
    block_line_ = lex_.line();
  }

  void close_block() {
    if (block_rank_ < 0) fail("'}' closes no block");
    for (const Pending& p : pending_) {
      const auto op = labels_.find(p.label), on = labels_.find(p.on);
      const std::string& missing = op == labels_.end() ? p.label : p.on;
      if (op == labels_.end() || on == labels_.end())
        fail_at(p.line, "'" + p.text + "': label '" + missing + "' is not defined in rank " +
                            std::to_string(block_rank_) + "'s block");
      schedule_.dependencies.push_back({op->second, on->second, p.started, p.line});
    }
    pending_.clear();
    // A huge block's table would make every later clear() walk its buckets.
    if (labels_.bucket_count() > 4096) labels_ = {};
    labels_.clear();
    block_rank_ = -1;
  }

  void operation(GoalOpKind kind, const std::string& label) {
    GoalOp op;
    op.kind = kind;
    op.rank = block_rank_;
    op.line = lex_.line();
    if (kind == GoalOpKind::calc) {
      op.amount = time(expect(Tok::number, "a time after 'calc'"));
      Token t = next();
      if (is_word(t, "cpu")) {
        whole_option(expect(Tok::number, "a number after 'cpu'"), "cpu");
        t = next();
      }
      if (t.kind != Tok::end) fail("expected 'cpu' or the end of the line, not '" + std::string(t.text) + "'");
    } else {
      const Token size = expect(Tok::number, "a size in bytes ('8b')");
      const std::int64_t bytes = whole_number(size.text, static_cast<std::int64_t>(kMaxGoalBytes));
      if (bytes < 0)
        fail("size '" + std::string(size.text) + "': expected a whole number of bytes in [0, 2^53]");
      op.amount = static_cast<double>(bytes);
      if (!is_word(expect(Tok::word, "'b' after the size (bytes)"), "b")) fail("expected 'b' after the size (bytes)");
      const char* way = kind == GoalOpKind::send ? "to" : "from";
      if (!is_word(expect(Tok::word, std::string("'") + way + "'"), way)) fail(std::string("expected '") + way + "'");
      op.peer = rank_number(expect(Tok::number, "a rank"), kind == GoalOpKind::send ? "destination" : "source");
      if (op.peer == op.rank)
        fail("a message to its own rank is refused: a platform has no route from a host to itself");
      options(op);
    }
    const int index = static_cast<int>(schedule_.ops.size());
    if (!label.empty()) {
      op.label_number = label_number(label);
      const auto [at, added] = labels_.emplace(label, index);
      if (!added)
        fail("label '" + label + "' is defined twice in rank " + std::to_string(block_rank_) +
             "'s block (first on line " + std::to_string(schedule_.ops[static_cast<std::size_t>(at->second)].line) +
             ")");
    }
    if (kind != GoalOpKind::recv && op.label_number < 0) all_numbered_ = false;
    schedule_.ops.push_back(op);
  }

  /// `[tag T] [cpu C] [nic N]`, in that order, then the end of the line.
  void options(GoalOp& op) {
    Token t = next();
    if (is_word(t, "tag")) {
      const Token tag = expect(Tok::number, "a tag after 'tag'");
      if (tag.text == "-1") {
        // MPI's MPI_ANY_TAG is a receive's: a message has one tag (LogGOPSim also reads a
        // send's -1, as a tag matching any receive's).
        if (op.kind == GoalOpKind::send)
          fail("a send's tag -1 is refused: any tag (-1) is a receive's wildcard, a message has one tag");
        op.tag = kGoalAnyTag;
        schedule_.wildcards = true;
      } else {
        op.tag = static_cast<std::uint64_t>(whole_option(tag, "tag"));
      }
      t = next();
    }
    if (is_word(t, "cpu")) {
      whole_option(expect(Tok::number, "a number after 'cpu'"), "cpu");
      t = next();
    }
    if (is_word(t, "nic")) {
      whole_option(expect(Tok::number, "a number after 'nic'"), "nic");
      t = next();
    }
    if (t.kind != Tok::end)
      fail("expected 'tag', 'cpu', 'nic' (in that order) or the end of the line, not '" + std::string(t.text) + "'");
  }

  std::int64_t whole_option(const Token& t, const char* what) {
    const std::int64_t n = whole_number(t.text, 4294967295);
    if (n < 0) fail(std::string(what) + " '" + std::string(t.text) + "': expected a whole number in [0, 2^32 - 1]");
    return n;
  }

  double time(const Token& t) {
    const std::string text(t.text);
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !(x >= 0) || x > 1.7976931348623157e308)
      fail("time '" + text + "': expected a non-negative number (key calc-unit gives its unit)");
    return x;
  }

  void dependency(const std::string& label, const std::string& on, bool started) {
    const auto op = labels_.find(label), before = labels_.find(on);
    if (op != labels_.end() && before != labels_.end()) {
      schedule_.dependencies.push_back({op->second, before->second, started, lex_.line()});
      return;
    }
    // A label defined later in the block: resolved when the block closes.
    pending_.push_back({label, on, started, lex_.line(), lex_.excerpt()});
  }

  struct Pending {
    std::string label, on;
    bool started;
    std::uint64_t line;
    std::string text;
  };

  GoalLexer lex_;
  GoalSchedule schedule_;
  std::vector<bool> seen_;  // per rank: its block was read
  int block_rank_ = -1;     // the open block's rank, or -1
  std::uint64_t block_line_ = 0;
  std::unordered_map<std::string, int> labels_;  // the open block's labels
  std::vector<Pending> pending_;
  bool all_numbered_ = true;
};

/// Parses `text` (fmemopen: the same streaming reader as a file's).
GoalSchedule parse_text(const std::string& text, const std::string& name, bool header_only) {
  static const std::string empty_line = "\n";
  const std::string& shown = text.empty() ? empty_line : text;
  File in(::fmemopen(const_cast<char*>(shown.data()), shown.size(), "r"));
  if (!in) throw std::runtime_error(name + ": fmemopen failed");
  return GoalParser(in.get(), name).parse(header_only);
}

GoalSchedule read(const std::string& path, bool header_only) {
  if (path.empty()) return parse_text(builtin_goal_text(), kBuiltinGoalName, header_only);
  File in(std::fopen(path.c_str(), "r"));
  if (!in) throw InputError("key 'goal': cannot read '" + path + "': " + std::strerror(errno));
  return GoalParser(in.get(), path).parse(header_only);
}

}  // namespace

std::string describe_goal_op(const GoalOp& op) {
  const char* kind = op.kind == GoalOpKind::send ? "send" : op.kind == GoalOpKind::recv ? "recv" : "calc";
  std::string text = "rank " + std::to_string(op.rank) + "'s " + kind + " " + format_number(op.amount);
  if (op.kind == GoalOpKind::calc) return text;
  text += std::string("b ") + (op.kind == GoalOpKind::send ? "to " : "from ") + std::to_string(op.peer);
  return text + " tag " + (op.tag == kGoalAnyTag ? std::string("-1") : std::to_string(op.tag));
}

GoalSchedule read_goal(const std::string& path) { return read(path, false); }

int read_goal_ranks(const std::string& path) { return read(path, true).ranks; }

GoalSchedule read_goal_text(const std::string& text, const std::string& name) {
  return parse_text(text, name, false);
}

}  // namespace hetcoll
