#pragma once
/// @file activity_records.hpp
/// @brief The model engine's records of activities in flight, in slots that never move.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief Activity records (what on_complete receives), in slots of chunks that never move: a
/// policy is handed a reference to the record itself, and the activities it starts meanwhile take
/// other slots without invalidating it. A slot is free again once its completion has been
/// delivered, so records cost the most activities pending at once, not all of a replication
/// (2^19 against 2^20 for Tree-dyn on 2^20 hosts). Chunks are kept across replications.
class ActivityRecords {
 public:
  /// Slots at or beyond this are never handed out: the overload check keeps two values of a
  /// 32-bit slot for itself.
  static constexpr std::uint32_t kSlots = std::numeric_limits<std::uint32_t>::max() - 2;

  Completion& operator[](std::uint32_t slot) { return chunks_[slot >> kChunkBits][slot & kChunkMask]; }
  const Completion& operator[](std::uint32_t slot) const { return chunks_[slot >> kChunkBits][slot & kChunkMask]; }

  std::uint32_t take() {
    if (!free_.empty()) {
      const std::uint32_t slot = free_.back();
      free_.pop_back();
      return slot;
    }
    // Checked for every new slot, not only a new chunk's first: the last chunk holds the two
    // values the overload check keeps for itself.
    if (slots_ >= kSlots) throw InputError("model engine: more than 2^32 - 3 activities pending at once");
    const std::uint32_t slot = slots_++;
    if ((slot >> kChunkBits) == chunks_.size()) chunks_.emplace_back(new Completion[std::size_t{1} << kChunkBits]);
    return slot;
  }
  /// The slot's completion has been delivered: another activity may take it.
  void give_back(std::uint32_t slot) { free_.push_back(slot); }

 private:
  static constexpr unsigned kChunkBits = 10;
  static constexpr std::uint32_t kChunkMask = (1u << kChunkBits) - 1;

  std::vector<std::unique_ptr<Completion[]>> chunks_;
  std::uint32_t slots_ = 0;          // slots ever used: the chunks hold them
  std::vector<std::uint32_t> free_;  // slots whose completion has been delivered
};

}  // namespace hetcoll
