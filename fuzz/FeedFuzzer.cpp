//===- FeedFuzzer.cpp - A module fed in pieces must parse as a whole ------===//
//
// Runs the module pass twice over each input: on the whole text, and fed a
// piece at a time (PiecesFeed, pieces of at most 1 to 64 bytes as the first
// byte says), as a file read while it is checked is.  What the two passes
// find (bodies, sections, declarations, diagnostics and where they are)
// must be the same.
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Parse/Parser.h"
#include "tcgen05/Parse/TextFeed.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::string pass(llvm::StringRef Text, tcgen05::TextFeed *Feed) {
  tcgen05::Module M;
  tcgen05::DiagnosticSink Sink;
  tcgen05::ParseOptions Opts;
  Opts.DeferSectionContents = true;
  std::string Out;
  auto At = [&](const char *P) {
    return std::to_string(P ? P - Text.data() : -1);
  };
  tcgen05::parseModule(
      Text, M, Sink, Opts,
      [&](tcgen05::Function *F, tcgen05::Span T) {
        Out +=
            (F ? "body " : "section ") + At(T.Begin) + "-" + At(T.End) + "\n";
      },
      Feed);
  Out += std::to_string(M.Functions.size()) + " functions, " +
         std::to_string(M.Declarations.size()) + " declarations, " +
         std::to_string(M.Items.size()) + " items\n";
  for (const tcgen05::Diagnostic &D : Sink.diagnostics())
    Out += D.Message + " at " + At(D.Range.Start.getPointer()) + "\n";
  return Out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1)
    return 0;
  // Parsed as the checker does: a NUL-terminated buffer without NUL bytes.
  std::string Text(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  if (Text.find('\0') != std::string::npos)
    return 0;
  size_t Piece = Data[0] % 64 + 1;
  std::string Whole = pass(Text, nullptr);
  tcgen05::PiecesFeed Feed(Text, Piece);
  std::string Fed = pass(Text, &Feed);
  if (Fed != Whole) {
    std::fprintf(stderr, "fed in pieces of %zu bytes:\n%s\nwhole:\n%s\n", Piece,
                 Fed.c_str(), Whole.c_str());
    std::abort();
  }
  return 0;
}
