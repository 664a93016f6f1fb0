//===- AnalysisStats.cpp - What a check looked at, in numbers -------------===//

#include "tcgen05/Analysis/AnalysisStats.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

AnalysisStats &AnalysisStats::operator+=(const AnalysisStats &O) {
  Functions += O.Functions;
  FunctionsInPieces += O.FunctionsInPieces;
  FunctionsParked += O.FunctionsParked;
  Statements += O.Statements;
  Tcgen05Instructions += O.Tcgen05Instructions;
  DescriptorsKnown += O.DescriptorsKnown;
  DescriptorsPartlyKnown += O.DescriptorsPartlyKnown;
  DescriptorsUnknown += O.DescriptorsUnknown;
  FunctionsIncomplete += O.FunctionsIncomplete;
  ReadMicros += O.ReadMicros;
  ModulePassMicros += O.ModulePassMicros;
  BodiesMicros += O.BodiesMicros;
  EndMicros += O.EndMicros;
  ItemMicros += O.ItemMicros;
  NoItemMicros += O.NoItemMicros;
  return *this;
}

void AnalysisStats::countDescriptor(uint64_t Known, unsigned Width) {
  uint64_t All = Width >= 64 ? ~0ull : (1ull << Width) - 1;
  Known &= All;
  if (Known == All)
    ++DescriptorsKnown;
  else if (Known)
    ++DescriptorsPartlyKnown;
  else
    ++DescriptorsUnknown;
}

void AnalysisStats::print(llvm::raw_ostream &OS) const {
  OS << "functions: " << Functions << '\n'
     << "functions checked in pieces: " << FunctionsInPieces << '\n'

     << "statements: " << Statements << '\n'
     << "tcgen05 instructions: " << Tcgen05Instructions << '\n'
     << "descriptor operands fully known: " << DescriptorsKnown << '\n'
     << "descriptor operands partly known: " << DescriptorsPartlyKnown << '\n'
     << "descriptor operands unknown: " << DescriptorsUnknown << '\n'
     << "functions not fully analysed: " << FunctionsIncomplete << '\n'
     << "functions kept until the module pass ended: " << FunctionsParked
     << '\n';
  auto Ms = [](uint64_t Micros) {
    return llvm::format("%.1f ms", Micros / 1000.0);
  };
  // The work is what one thread would do: the read, the pass's own
  // thread, the items on every thread, and the end.
  uint64_t Serial = ReadMicros + NoItemMicros;
  uint64_t Work = ReadMicros + ModulePassMicros + ItemMicros + EndMicros;
  OS << "time reading the input: " << Ms(ReadMicros) << '\n'
     << "time in the module pass: " << Ms(ModulePassMicros) << '\n'
     << "time in the bodies after it: " << Ms(BodiesMicros) << '\n'
     << "time at the end: " << Ms(EndMicros) << '\n'
     << "time in bodies and sections, all threads: " << Ms(ItemMicros) << '\n'
     << "time in none of them, the read included: " << Ms(Serial) << '\n'
     << "serial share of the work: "
     << llvm::format("%.1f%%",
                     Work ? 100.0 * std::min(Serial, Work) / Work : 0.0)
     << '\n';
}
