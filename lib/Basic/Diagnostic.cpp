//===- Diagnostic.cpp - The diagnostic catalogue and its plumbing ---------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <iterator>

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

struct GroupParent {
  const char *Group, *Parent;
};
const GroupParent GroupParents[] = {
#define DIAG_GROUP_PARENT(Group, Parent) {Group, Parent},
#include "tcgen05/Basic/DiagnosticKinds.def"
};

llvm::StringRef parentGroup(llvm::StringRef Group) {
  for (const GroupParent &P : GroupParents)
    if (Group == P.Group)
      return P.Parent;
  return "";
}

/// Whether List names Group or a group that contains it.
bool namesGroup(const std::vector<std::string> &List, llvm::StringRef Group) {
  for (; !Group.empty(); Group = parentGroup(Group))
    if (llvm::is_contained(List, Group))
      return true;
  return false;
}

const char *const OffGroups[] = {
#define DIAG_GROUP_OFF(Group) Group,
#include "tcgen05/Basic/DiagnosticKinds.def"
};

/// Whether Group is silent under Opts: named by -Wno- (itself or a group
/// above it), or off by default and not turned on by name.
} // namespace

bool tcgen05::groupSilenced(const DiagnosticOptions &Opts,
                            llvm::StringRef Group) {
  if (namesGroup(Opts.DisabledGroups, Group))
    return true;
  for (llvm::StringRef G = Group; !G.empty(); G = parentGroup(G))
    if (llvm::is_contained(OffGroups, G) &&
        !llvm::is_contained(Opts.EnabledGroups, G))
      return true;
  return false;
}

bool tcgen05::isDefaultOffGroup(llvm::StringRef Group) {
  return llvm::is_contained(OffGroups, Group);
}

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
  for (const GroupParent &P : GroupParents)
    if (!llvm::is_contained(Seen, llvm::StringRef(P.Parent))) {
      Seen.push_back(P.Parent);
      Out += ", " + std::string(P.Parent);
    }
  return Out;
}

bool tcgen05::isDiagGroup(llvm::StringRef Group) {
  for (const GroupEntry &G : Groups)
    if (Group == G.Group)
      return true;
  for (const GroupParent &P : GroupParents)
    if (Group == P.Parent)
      return true;
  return false;
}

namespace {} // namespace

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

std::optional<unsigned> tcgen05::parseDiagCode(llvm::StringRef Text) {
  if (Text.starts_with_insensitive("tc"))
    Text = Text.drop_front(2);
  unsigned Code;
  if (Text.empty() || Text.getAsInteger(10, Code))
    return std::nullopt;
  return Code;
}

namespace {
struct KindName {
  DiagArgKind Kind;
  const char *Name;
};
// Longer names first: "quals" must not be read as "qual" and an "s".
constexpr KindName ArgKinds[] = {
    {DiagArgKind::Operand, "operand"}, {DiagArgKind::Quals, "quals"},
    {DiagArgKind::Qualifier, "qual"},  {DiagArgKind::Value, "value"},
    {DiagArgKind::Hex, "hex"},         {DiagArgKind::Range, "range"},
    {DiagArgKind::List, "list"},       {DiagArgKind::Text, ""},
};

/// Reads the placeholder at F[I] ('%'); advances I past it.  Returns false
/// for a '%' that starts no placeholder (kept as text) and sets Bad for one
/// with an unknown kind.
bool readPlaceholder(llvm::StringRef F, size_t &I, DiagPlaceholder &P,
                     bool &Bad) {
  size_t J = I + 1;
  while (J < F.size() && F[J] >= 'a' && F[J] <= 'z')
    ++J;
  if (J >= F.size() || F[J] < '0' || F[J] > '9')
    return false;
  llvm::StringRef Word = F.slice(I + 1, J);
  for (const KindName &K : ArgKinds)
    if (Word == K.Name) {
      P = {static_cast<unsigned>(F[J] - '0'), K.Kind};
      I = J + 1;
      return true;
    }
  Bad = true;
  return false;
}

std::string joinList(const std::vector<std::string> &Items, bool Quote) {
  std::string Out;
  for (size_t I = 0; I < Items.size(); ++I) {
    if (I)
      Out += I + 1 == Items.size() ? " or " : ", ";
    Out += Quote ? "'" + Items[I] + "'" : Items[I];
  }
  return Out;
}
} // namespace

llvm::StringRef tcgen05::diagArgKindName(DiagArgKind Kind) {
  for (const KindName &K : ArgKinds)
    if (K.Kind == Kind)
      return K.Name;
  return "";
}

std::optional<std::vector<DiagPlaceholder>>
tcgen05::diagPlaceholders(DiagID ID) {
  llvm::StringRef F = getDiagInfo(ID).Format;
  std::vector<DiagPlaceholder> Out;
  bool Bad = false;
  for (size_t I = 0; I < F.size();) {
    DiagPlaceholder P;
    if (F[I] == '%' && readPlaceholder(F, I, P, Bad)) {
      Out.push_back(P);
      continue;
    }
    if (Bad)
      return std::nullopt;
    ++I;
  }
  return Out;
}

DiagArg DiagArg::bits(uint64_t V, unsigned Bits) {
  DiagArg A(V);
  A.Width = Bits;
  return A;
}

DiagArg DiagArg::range(int64_t Lo, int64_t Hi) {
  DiagArg A;
  A.TheShape = Shape::Range;
  A.Lo = Lo;
  A.Hi = Hi;
  return A;
}

DiagArg DiagArg::list(std::vector<std::string> Items) {
  DiagArg A;
  A.TheShape = Shape::List;
  A.Items = std::move(Items);
  return A;
}

std::string DiagArg::format(DiagArgKind K) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  switch (TheShape) {
  case Shape::String:
    if (K == DiagArgKind::Qualifier)
      return "'" + Str + "'";
    return Str;
  case Shape::Integer:
    if (K == DiagArgKind::Hex)
      OS << llvm::format_hex(static_cast<uint64_t>(Lo), Width / 4 + 2);
    else
      OS << Lo;
    return S;
  case Shape::Range:
    OS << "[" << Lo << ", " << Hi << "]";
    return S;
  case Shape::List:
    return joinList(Items, K == DiagArgKind::Quals);
  }
  return S;
}

std::string tcgen05::formatDiagMessage(DiagID ID,
                                       llvm::ArrayRef<DiagArg> Args) {
  llvm::StringRef F = getDiagInfo(ID).Format;
  std::string Out;
  Out.reserve(F.size() + 32);
  for (size_t I = 0; I < F.size();) {
    DiagPlaceholder P;
    bool Bad = false;
    if (F[I] == '%' && readPlaceholder(F, I, P, Bad)) {
      if (P.Index < Args.size())
        Out += Args[P.Index].format(P.Kind);
      continue;
    }
    Out += F[I++];
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
                            llvm::ArrayRef<DiagArg> Args, std::string File) {
  return Diagnostic{ID,
                    getDiagInfo(ID).DefaultSeverity,
                    R,
                    formatDiagMessage(ID, Args),
                    {},
                    std::move(File),
                    std::vector<DiagArg>(Args.begin(), Args.end()),
                    {},
                    std::nullopt};
}

Diagnostic &Diagnostic::suggest(llvm::SMRange R, llvm::StringRef Replacement) {
  note(DiagID::note_did_you_mean, {}, {Replacement.str()});
  FixIts.push_back({R, Replacement.str()});
  return *this;
}

Diagnostic &Diagnostic::note(DiagID NoteID, llvm::SMRange R,
                             llvm::ArrayRef<DiagArg> Args) {
  Notes.push_back({NoteID, R, formatDiagMessage(NoteID, Args)});
  return *this;
}

Diagnostic &DiagnosticSink::report(DiagID ID, llvm::SMRange R,
                                   llvm::ArrayRef<DiagArg> Args) {
  const DiagInfo &Info = getDiagInfo(ID);
  if (shouldStop()) {
    Discarded = Diagnostic{ID, Info.DefaultSeverity, R, {}, {}, {}, {},
                           {}, std::nullopt};
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

void DiagnosticSink::mergeBySource(DiagnosticSink &&Other) {
  auto ByCaret = [](const Diagnostic &A, const Diagnostic &B) {
    return A.Range.Start.getPointer() < B.Range.Start.getPointer();
  };
  std::vector<Diagnostic> Merged;
  Merged.reserve(Diags.size() + Other.Diags.size());
  std::merge(std::make_move_iterator(Diags.begin()),
             std::make_move_iterator(Diags.end()),
             std::make_move_iterator(Other.Diags.begin()),
             std::make_move_iterator(Other.Diags.end()),
             std::back_inserter(Merged), ByCaret);
  Other.Diags.clear();
  Diags.clear();
  NumErrors = 0;
  for (Diagnostic &D : Merged) {
    if (shouldStop())
      break;
    if (D.Sev == Severity::Error)
      ++NumErrors;
    Diags.push_back(std::move(D));
  }
}

void DiagnosticSink::sortBySource() {
  std::stable_sort(
      Diags.begin(), Diags.end(), [](const Diagnostic &A, const Diagnostic &B) {
        return A.Range.Start.getPointer() < B.Range.Start.getPointer();
      });
}

bool DiagnosticsEngine::emit(const llvm::SourceMgr *SM, Diagnostic D) {
  Consumer.beginBatch();
  return emitInBatch(SM, std::move(D));
}

bool DiagnosticsEngine::emitInBatch(const llvm::SourceMgr *SM, Diagnostic D) {
  if (LimitReached)
    return false;
  llvm::StringRef Group = diagGroup(D.ID);
  // An error in a group is a lint that is an error by default, as clang's
  // DefaultError warnings: -Wno-GROUP silences it, -Wno-error=GROUP makes
  // it a warning.
  if (!Group.empty() && groupSilenced(Opts, Group))
    return true;
  if (D.Sev == Severity::Error && !Group.empty()) {
    if (namesGroup(Opts.NoErrorGroups, Group))
      D.Sev = Severity::Warning;
  } else if (D.Sev == Severity::Warning) {
    if (Opts.IgnoreWarnings)
      return true;
    bool AsError = Opts.WarningsAsErrors;
    if (!Group.empty() && namesGroup(Opts.ErrorGroups, Group))
      AsError = true;
    if (!Group.empty() && namesGroup(Opts.NoErrorGroups, Group))
      AsError = false;
    if (AsError)
      D.Sev = Severity::Error;
  }
  if (D.Sev == Severity::Error) {
    if (Opts.ErrorLimit && InputErrors >= Opts.ErrorLimit) {
      // Said once, through the consumer, so every output format shows that
      // it was cut.
      LimitReached = true;
      Consumer.handleDiagnostic(
          nullptr, Diagnostic::make(DiagID::err_too_many_errors, {},
                                    {Opts.ErrorLimit}, "tcgen05-check"));
      return false;
    }
    ++NumErrors;
    ++InputErrors;
  } else if (D.Sev == Severity::Warning) {
    ++NumWarnings;
  }
  Consumer.handleDiagnostic(SM, D);
  return true;
}

bool tcgen05::applyWarningGroupFlag(llvm::StringRef S, DiagnosticOptions &Opts,
                                    std::vector<std::string> &Unknown) {
  std::vector<std::string> *Into = nullptr;
  if (S.consume_front("-Wno-error="))
    Into = &Opts.NoErrorGroups;
  else if (S.consume_front("-Werror="))
    Into = &Opts.ErrorGroups;
  else if (S.consume_front("-Wno-"))
    Into = &Opts.DisabledGroups;
  else if (S != "-Werror" && S.consume_front("-W"))
    Into = &Opts.EnabledGroups;
  else
    return false;
  (isDiagGroup(S) ? *Into : Unknown).push_back(S.str());
  return true;
}

bool DiagnosticsEngine::groupDisabled(llvm::StringRef Group) const {
  return groupSilenced(Opts, Group);
}

void DiagnosticsEngine::beginInput() {
  InputErrors = 0;
  LimitReached = false;
}

std::string tcgen05::diagnosticSummary(unsigned Errors, unsigned Warnings,
                                       unsigned HiddenByComments,
                                       unsigned HiddenByBaseline) {
  auto Count = [](unsigned N, const char *What) {
    return std::to_string(N) + " " + What + (N == 1 ? "" : "s");
  };
  std::string Shown;
  if (Errors && Warnings)
    Shown = Count(Errors, "error") + " and " + Count(Warnings, "warning") +
            " generated";
  else if (Errors || Warnings)
    Shown = (Errors ? Count(Errors, "error") : Count(Warnings, "warning")) +
            " generated";
  std::string Hidden;
  if (HiddenByComments)
    Hidden = Count(HiddenByComments, "finding") + " hidden by ignore comments";
  if (HiddenByBaseline)
    Hidden +=
        Hidden.empty()
            ? Count(HiddenByBaseline, "finding") + " hidden by the baseline"
            : " and " + std::to_string(HiddenByBaseline) + " by the baseline";
  if (Shown.empty() && Hidden.empty())
    return "";
  if (Shown.empty())
    return Hidden + ".";
  return Shown + (Hidden.empty() ? "" : "; " + Hidden) + ".";
}

void DiagnosticsEngine::emitAll(const llvm::SourceMgr *SM,
                                std::vector<Diagnostic> &Diags) {
  Consumer.beginBatch();
  for (Diagnostic &D : Diags)
    if (!emitInBatch(SM, std::move(D)) && LimitReached)
      break;
}
