//===- DiagnosticGroups.cpp - Warning groups and the -W flags -------------===//

#include "tcgen05/Basic/Diagnostic.h"

#include "llvm/ADT/STLExtras.h"

using namespace tcgen05;

namespace {
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

std::optional<Severity> tcgen05::severityUnder(const DiagnosticOptions &Opts,
                                               llvm::StringRef Group,
                                               Severity S) {
  // An error in a group is a lint that is an error by default, as clang's
  // DefaultError warnings: -Wno-GROUP silences it, -Wno-error=GROUP makes
  // it a warning.
  if (!Group.empty() && groupSilenced(Opts, Group))
    return std::nullopt;
  if (S == Severity::Error && !Group.empty()) {
    if (namesGroup(Opts.NoErrorGroups, Group))
      return Severity::Warning;
  } else if (S == Severity::Warning) {
    if (Opts.IgnoreWarnings)
      return std::nullopt;
    bool AsError = Opts.WarningsAsErrors;
    if (!Group.empty() && namesGroup(Opts.ErrorGroups, Group))
      AsError = true;
    if (!Group.empty() && namesGroup(Opts.NoErrorGroups, Group))
      AsError = false;
    if (AsError)
      return Severity::Error;
  }
  return S;
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
