//===- CudaSource.cpp - CUDA source lines of PTX findings -----------------===//

#include "tcgen05/Frontend/CudaSource.h"

#include "tcgen05/Basic/Demangle.h"
#include "tcgen05/Basic/FindText.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <optional>

using namespace tcgen05;

namespace {

/// One .loc line: file, line, column, and for inlined code the function's
/// name label and the place it was inlined at.
struct Loc {
  const char *At;
  unsigned File = 0, Line = 0, Column = 0;
  llvm::StringRef Function; ///< A label of .debug_str; empty if none.
  bool Inlined = false;
  unsigned AtFile = 0, AtLine = 0, AtColumn = 0;
  /// The index of the .loc its inlined_at names, once looked for: each is
  /// looked for once however many findings share the chain.
  static constexpr uint32_t Unknown = ~0u, None = ~0u - 1;
  uint32_t Caller = Unknown;
};

/// Inlining chains longer than this show their innermost levels, then the
/// outermost.
constexpr unsigned MaxInlineNotes = 4;

bool readUnsigned(llvm::StringRef &S, unsigned &Out) {
  S = S.ltrim(" \t");
  return !S.consumeInteger(10, Out);
}

/// Parses the text after ".loc".
std::optional<Loc> parseLoc(const char *At, llvm::StringRef S) {
  Loc L;
  L.At = At;
  if (!readUnsigned(S, L.File) || !readUnsigned(S, L.Line) ||
      !readUnsigned(S, L.Column))
    return std::nullopt;
  while (true) {
    S = S.ltrim(" \t");
    if (!S.consume_front(","))
      break;
    S = S.ltrim(" \t");
    if (S.consume_front("function_name")) {
      S = S.ltrim(" \t");
      L.Function = S.take_until(
          [](char C) { return C == ',' || C == ' ' || C == '\t'; });
      S = S.drop_front(L.Function.size());
    } else if (S.consume_front("inlined_at")) {
      L.Inlined = readUnsigned(S, L.AtFile) && readUnsigned(S, L.AtLine) &&
                  readUnsigned(S, L.AtColumn);
    } else {
      break;
    }
  }
  return L;
}

/// Calls Found(At) for each `.loc` directive of Text, in order: at the
/// start of its line, not `.local`.  Whether only blanks precede one on its
/// line is carried forward, each byte looked at once: looking back to the
/// line's start for each was quadratic in a module written on one line.
template <typename Fn>
void forEachLocDirective(llvm::StringRef Text, Fn &&Found) {
  size_t Scanned = 0;
  bool Blank = true; // Only blanks from the line's start to Scanned.
  auto IsBlank = [](llvm::StringRef S) {
    return llvm::all_of(
        S, [](char C) { return C == ' ' || C == '\t' || C == '\r'; });
  };
  for (size_t At = findText(Text, ".loc"); At != llvm::StringRef::npos;
       At = findText(Text, ".loc", At + 4)) {
    llvm::StringRef Gap = Text.slice(Scanned, At);
    size_t NL = Gap.rfind('\n');
    Blank = NL == llvm::StringRef::npos ? Blank && IsBlank(Gap)
                                        : IsBlank(Gap.substr(NL + 1));
    Scanned = At;
    if (Blank && (At + 4 == Text.size() || llvm::isSpace(Text[At + 4])))
      Found(At);
  }
}

class CudaSource {
public:
  CudaSource(const Module &M, llvm::StringRef Text) : M(M), Text(Text) {
    for (uint32_t D : M.OtherDirectives) {
      const DirectiveStmt &S = M.Directives[D];
      llvm::ArrayRef<Operand> Ops = M.operands(S.Operands);
      if (S.Name.text() != ".file" || Ops.size() < 2 ||
          Ops[0].Kind != OperandKind::Integer ||
          Ops[1].Kind != OperandKind::String)
        continue;
      Files[static_cast<unsigned>(Ops[0].value())] =
          Ops[1].text().drop_front().drop_back();
    }
  }

  bool hasFiles() const { return !Files.empty(); }

  void annotate(Diagnostic &D) {
    const char *P = D.Range.Start.getPointer();
    const Function *F = functionAt(P);
    if (!F)
      return;
    std::vector<Loc> &Locs = locsOf(*F);
    auto It = llvm::upper_bound(
        Locs, P, [](const char *P, const Loc &L) { return P < L.At; });
    if (It == Locs.begin())
      return;
    size_t K = (It - Locs.begin()) - 1;
    Loc &Here = Locs[K];
    std::string Kernel = readableFunctionName(F->Name.text());
    std::string Inner =
        Here.Function.empty() ? Kernel : functionName(Here.Function);
    D.note(DiagID::note_cuda_source, {},
           {file(Here.File), Here.Line, Here.Column, Inner});
    // A file .file does not name cannot be linked to.
    if (Files.count(Here.File))
      D.CudaSource =
          CudaSourceLocation{file(Here.File), Here.Line, Here.Column, Inner};
    // The chain: each level's inlined_at is a .loc above it.
    std::vector<std::pair<std::string, const Loc *>> Chain;
    for (Loc *L = &Here; L->Inlined && Chain.size() < 64;) {
      if (L->Caller == Loc::Unknown) {
        L->Caller = Loc::None;
        for (size_t J = K; J-- > 0 && K - J <= 4096;)
          if (Locs[J].File == L->AtFile && Locs[J].Line == L->AtLine &&
              Locs[J].Column == L->AtColumn) {
            L->Caller = static_cast<uint32_t>(J);
            break;
          }
      }
      Loc *Caller = L->Caller == Loc::None ? nullptr : &Locs[L->Caller];
      if (Caller)
        K = L->Caller;
      std::string Name = Caller && !Caller->Function.empty()
                             ? functionName(Caller->Function)
                             : Kernel;
      Chain.push_back({Name, L});
      if (!Caller)
        break;
      L = Caller;
    }
    for (size_t J = 0; J < Chain.size(); ++J) {
      const Loc &L = *Chain[J].second;
      if (J + 1 < Chain.size() && J + 1 >= MaxInlineNotes) {
        const Loc &Last = *Chain.back().second;
        D.note(DiagID::note_cuda_inlined_more, {},
               {Chain.size() - 1 - J, Chain.back().first, file(Last.AtFile),
                Last.AtLine, Last.AtColumn});
        break;
      }
      D.note(DiagID::note_cuda_inlined, {},
             {Chain[J].first, file(L.AtFile), L.AtLine, L.AtColumn});
    }
  }

private:
  const Function *functionAt(const char *P) const {
    auto It =
        llvm::upper_bound(M.Functions, P, [](const char *P, const Function &F) {
          return P < F.Body.Begin;
        });
    if (It == M.Functions.begin())
      return nullptr;
    const Function &F = *std::prev(It);
    return F.HasBody && F.Body.Begin <= P && P < F.Body.End ? &F : nullptr;
  }

  std::vector<Loc> &locsOf(const Function &F) {
    auto [It, New] = Cache.try_emplace(&F);
    if (!New)
      return It->second;
    llvm::StringRef Body = F.Body.text();
    std::vector<Loc> &Locs = It->second;
    forEachLocDirective(Body, [&](size_t At) {
      llvm::StringRef Rest =
          Body.substr(At + 4).take_until([](char C) { return C == '\n'; });
      if (std::optional<Loc> L = parseLoc(Body.data() + At, Rest))
        Locs.push_back(*L);
    });
    return Locs;
  }

  /// The name .file gives N, or "file N" when none does.
  std::string file(unsigned N) const {
    auto It = Files.find(N);
    return It == Files.end() ? "file " + std::to_string(N) : It->second.str();
  }

  /// The demangled name a .debug_str label holds: `Label: .b8 95,90,...,0`.
  std::string functionName(llvm::StringRef Label) {
    auto [It, New] = Names.try_emplace(Label);
    if (!New)
      return It->second;
    std::string Bytes;
    size_t At = findText(Text, (Label + ":").str());
    if (At != llvm::StringRef::npos) {
      llvm::StringRef S = Text.substr(At + Label.size() + 1);
      while (!S.empty()) {
        S = S.ltrim(" \t\r\n");
        if (S.consume_front(".b8")) {
          S = S.ltrim(" \t");
          continue;
        }
        S = S.ltrim(", \t\r\n");
        unsigned V;
        if (S.consumeInteger(0, V) || V == 0 || V > 255)
          break;
        Bytes += static_cast<char>(V);
      }
    }
    It->second = Bytes.empty() ? Label.str() : readableFunctionName(Bytes);
    return It->second;
  }

  const Module &M;
  llvm::StringRef Text;
  /// By the text's .file numbers, any of them: a DenseMap keeps two for its
  /// empty and removed slots.
  std::map<unsigned, llvm::StringRef> Files;
  llvm::DenseMap<const Function *, std::vector<Loc>> Cache;
  llvm::StringMap<std::string> Names;
};

} // namespace

namespace {
bool annotated(const Diagnostic &D) {
  return D.Sev == Severity::Error || D.Sev == Severity::Warning;
}
} // namespace

bool tcgen05::addsCudaSourceNotes(const Module &M, llvm::StringRef Text,
                                  llvm::ArrayRef<Diagnostic> Diags) {
  return llvm::any_of(Diags, annotated) && CudaSource(M, Text).hasFiles();
}

void tcgen05::addCudaSourceNotes(const Module &M, llvm::StringRef Text,
                                 std::vector<Diagnostic> &Diags) {
  if (Diags.empty())
    return;
  // A .loc names a file that .file declares: without one, no text search.
  CudaSource Source(M, Text);
  if (!Source.hasFiles())
    return;
  for (Diagnostic &D : Diags)
    if (annotated(D) && D.Range.Start.isValid() &&
        Text.begin() <= D.Range.Start.getPointer() &&
        D.Range.Start.getPointer() < Text.end())
      Source.annotate(D);
}
