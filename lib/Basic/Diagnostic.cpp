//===- Diagnostic.cpp - The diagnostic catalogue and its plumbing ---------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace tcgen05;

namespace {
const DiagInfo Catalogue[] = {
#define DIAG(Name, Code, Sev, Format) {#Name, Code, Severity::Sev, Format},
#define NOTE(Name, Format) {#Name, 0, Severity::Note, Format},
#include "tcgen05/Basic/DiagnosticKinds.def"
};

const DiagID CodedDiags[] = {
#define DIAG(Name, Code, Sev, Format) DiagID::Name,
#include "tcgen05/Basic/DiagnosticKinds.def"
};

// Codes are stable identifiers: a duplicate would make two messages
// indistinguishable to users and to --explain.
constexpr bool codesAreUnique() {
  constexpr unsigned Codes[] = {
#define DIAG(Name, Code, Sev, Format) Code,
#include "tcgen05/Basic/DiagnosticKinds.def"
  };
  constexpr unsigned N = sizeof(Codes) / sizeof(Codes[0]);
  for (unsigned I = 0; I < N; ++I)
    for (unsigned J = I + 1; J < N; ++J)
      if (Codes[I] == Codes[J])
        return false;
  return true;
}
static_assert(codesAreUnique(), "duplicate diagnostic code in the catalogue");

struct GroupEntry {
  DiagID ID;
  const char *Group;
};
const GroupEntry Groups[] = {
#define DIAG_GROUP(Name, Group) {DiagID::Name, Group},
#include "tcgen05/Basic/DiagnosticKinds.def"
};
} // namespace

llvm::StringRef tcgen05::diagGroup(DiagID ID) {
  for (const GroupEntry &G : Groups)
    if (G.ID == ID)
      return G.Group;
  return "";
}

std::string tcgen05::diagGroupList() {
  std::string Out;
  std::vector<llvm::StringRef> Seen;
  for (const GroupEntry &G : Groups) {
    if (llvm::is_contained(Seen, G.Group))
      continue;
    Seen.push_back(G.Group);
    Out += (Out.empty() ? "" : ", ") + std::string(G.Group);
  }
  return Out;
}

bool tcgen05::isDiagGroup(llvm::StringRef Group) {
  for (const GroupEntry &G : Groups)
    if (Group == G.Group)
      return true;
  return false;
}

namespace {
bool contains(const std::vector<std::string> &V, llvm::StringRef S) {
  return llvm::is_contained(V, S);
}
} // namespace

const DiagInfo &tcgen05::getDiagInfo(DiagID ID) {
  return Catalogue[static_cast<unsigned>(ID)];
}

llvm::ArrayRef<DiagID> tcgen05::allCodedDiags() { return CodedDiags; }

std::optional<DiagID> tcgen05::lookupDiagCode(unsigned Code) {
  for (DiagID ID : CodedDiags)
    if (getDiagInfo(ID).Code == Code)
      return ID;
  return std::nullopt;
}

std::string tcgen05::formatDiagCode(unsigned Code) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "TC" << llvm::format_decimal(Code, 4);
  std::replace(S.begin(), S.end(), ' ', '0');
  return S;
}

std::string tcgen05::formatDiagMessage(DiagID ID,
                                       llvm::ArrayRef<std::string> Args) {
  llvm::StringRef F = getDiagInfo(ID).Format;
  std::string Out;
  Out.reserve(F.size() + 32);
  for (size_t I = 0; I < F.size(); ++I) {
    char C = F[I];
    if (C == '%' && I + 1 < F.size() && F[I + 1] >= '0' && F[I + 1] <= '9') {
      unsigned N = F[++I] - '0';
      if (N < Args.size())
        Out += Args[N];
      continue;
    }
    Out += C;
  }
  return Out;
}

llvm::StringRef tcgen05::severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Remark:
    return "remark";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "error";
}

DiagnosticConsumer::~DiagnosticConsumer() = default;

void CollectingDiagnosticConsumer::handleDiagnostic(const llvm::SourceMgr *,
                                                    const Diagnostic &D) {
  Diags.push_back(D);
}

Diagnostic Diagnostic::make(DiagID ID, llvm::SMRange R,
                            llvm::ArrayRef<std::string> Args, std::string File) {
  return Diagnostic{ID,
                    getDiagInfo(ID).DefaultSeverity,
                    R,
                    formatDiagMessage(ID, Args),
                    {},
                    std::move(File),
                    std::vector<std::string>(Args.begin(), Args.end())};
}

Diagnostic &Diagnostic::note(DiagID NoteID, llvm::SMRange R,
                             llvm::ArrayRef<std::string> Args) {
  Notes.push_back({NoteID, R, formatDiagMessage(NoteID, Args)});
  return *this;
}

Diagnostic &DiagnosticSink::report(DiagID ID, llvm::SMRange R,
                                   llvm::ArrayRef<std::string> Args) {
  const DiagInfo &Info = getDiagInfo(ID);
  if (shouldStop()) {
    Discarded = Diagnostic{ID, Info.DefaultSeverity, R, {}, {}, {}, {}};
    return Discarded;
  }
  if (Info.DefaultSeverity == Severity::Error)
    ++NumErrors;
  Diags.push_back(Diagnostic::make(ID, R, Args));
  return Diags.back();
}

void DiagnosticSink::append(DiagnosticSink &&Other) {
  NumErrors += Other.NumErrors;
  if (Diags.empty()) {
    Diags = std::move(Other.Diags);
    return;
  }
  Diags.insert(Diags.end(), std::make_move_iterator(Other.Diags.begin()),
               std::make_move_iterator(Other.Diags.end()));
  Other.Diags.clear();
}

void DiagnosticSink::sortBySource() {
  std::stable_sort(Diags.begin(), Diags.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     return A.Range.Start.getPointer() <
                            B.Range.Start.getPointer();
                   });
}

bool DiagnosticsEngine::emit(const llvm::SourceMgr *SM, Diagnostic D) {
  if (LimitReached)
    return false;
  if (D.Sev == Severity::Warning) {
    llvm::StringRef Group = diagGroup(D.ID);
    if (Opts.IgnoreWarnings ||
        (!Group.empty() && contains(Opts.DisabledGroups, Group)))
      return true;
    bool AsError = Opts.WarningsAsErrors;
    if (!Group.empty() && contains(Opts.ErrorGroups, Group))
      AsError = true;
    if (!Group.empty() && contains(Opts.NoErrorGroups, Group))
      AsError = false;
    if (AsError)
      D.Sev = Severity::Error;
  }
  if (D.Sev == Severity::Error) {
    if (Opts.ErrorLimit && NumErrors >= Opts.ErrorLimit) {
      LimitReached = true;
      return false;
    }
    ++NumErrors;
  } else if (D.Sev == Severity::Warning) {
    ++NumWarnings;
  }
  Consumer.handleDiagnostic(SM, D);
  return true;
}

void DiagnosticsEngine::emitAll(const llvm::SourceMgr *SM,
                                std::vector<Diagnostic> &Diags) {
  for (Diagnostic &D : Diags)
    if (!emit(SM, std::move(D)) && LimitReached)
      break;
}
