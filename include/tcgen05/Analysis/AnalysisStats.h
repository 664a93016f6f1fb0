//===- AnalysisStats.h - What a check looked at, in numbers -----*- C++ -*-===//
//
// Counts for --stats: how much was checked, and how much of it the
// descriptor analysis could see.  Each function body counts into its own
// record (bodies are checked on several threads); the records are summed.
//
//===----------------------------------------------------------------------===//
#ifndef TCGEN05_ANALYSIS_ANALYSISSTATS_H
#define TCGEN05_ANALYSIS_ANALYSISSTATS_H

#include <cstdint>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace tcgen05 {

struct AnalysisStats {
  uint64_t Functions = 0;
  /// Bodies long enough, and without tcgen05 instructions, to be parsed
  /// and checked a piece at a time (CheckOptions::BodyPieceStatements).
  uint64_t FunctionsInPieces = 0;
  /// Bodies analysed while the module pass went on, whose symbol checks
  /// waited, their bodies kept, until it ended.
  uint64_t FunctionsParked = 0;
  uint64_t Statements = 0;
  uint64_t Tcgen05Instructions = 0;
  /// Descriptor operands (instruction, shared memory and zero-column mask
  /// descriptors) by how many of their bits are known where they are used.
  uint64_t DescriptorsKnown = 0;
  uint64_t DescriptorsPartlyKnown = 0;
  uint64_t DescriptorsUnknown = 0;
  /// Functions whose descriptor analysis stopped short (TC4100).
  uint64_t FunctionsIncomplete = 0;
  /// Wall-clock time of a check's phases, in microseconds, summed over the
  /// inputs.  Reading and the module pass (which finds the bodies) run on
  /// one thread; the bodies and .section contents run on all, from when the
  /// pass meets them; the end (kernel-wide rules, merging the findings,
  /// suppressing and delivering them) runs on one.
  uint64_t ReadMicros = 0;
  uint64_t ModulePassMicros = 0;
  uint64_t BodiesMicros = 0;
  uint64_t EndMicros = 0;
  /// The time bodies and .section contents were worked on, summed over the
  /// threads (waits for the module pass left out), and the time after the
  /// read during which none was.  The read and that time are the serial
  /// part, which bounds the speed-up threads can give.
  uint64_t ItemMicros = 0;
  uint64_t NoItemMicros = 0;

  AnalysisStats &operator+=(const AnalysisStats &O);
  /// Counts a descriptor operand of which Known of Width bits are known.
  void countDescriptor(uint64_t Known, unsigned Width);
  /// One "name: count" line per counter, then the phases' times and the
  /// share of the serial part in the work.
  void print(llvm::raw_ostream &OS) const;
};

} // namespace tcgen05

#endif
