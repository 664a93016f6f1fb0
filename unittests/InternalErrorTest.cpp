#include "tcgen05/Basic/Diagnostic.h"
#include "tcgen05/Basic/InternalError.h"
#include "tcgen05/tcgen05-c.h"

#include "gtest/gtest.h"

#include <stdexcept>
#include <string>

using namespace tcgen05;

TEST(InternalErrorTest, AnEscapingExceptionIsReportedNotThrown) {
  std::string Reported;
  bool Ok = catchInternalError(
      [] { throw std::out_of_range("vector::_M_range_check"); },
      [&](const std::string &What) { Reported = What; });
  EXPECT_FALSE(Ok);
  EXPECT_EQ(Reported, "vector::_M_range_check");
}

TEST(InternalErrorTest, ANonStandardExceptionIsReportedToo) {
  std::string Reported;
  EXPECT_FALSE(catchInternalError(
      [] { throw 42; }, [&](const std::string &What) { Reported = What; }));
  EXPECT_EQ(Reported, "an exception of unknown type");
}

TEST(InternalErrorTest, NothingIsReportedWithoutAnException) {
  int Calls = 0;
  EXPECT_TRUE(catchInternalError([] {}, [&](const std::string &) { ++Calls; }));
  EXPECT_EQ(Calls, 0);
}

TEST(InternalErrorTest, TheInternalErrorIsNotAUserErrorCode) {
  const DiagInfo &Info = getDiagInfo(DiagID::err_internal);
  EXPECT_LT(Info.Code, 1000u) << "internal errors belong to TC0xxx";
  EXPECT_NE(formatDiagMessage(DiagID::err_internal, {"x"}).find("--version"),
            std::string::npos);
}

// The C interface: results for what used to be undefined (a NULL result,
// a length too large to copy), and an ordinary check through it.
TEST(CApiTest, ChecksAString) {
  const char Ptx[] = ".version 9.0\n.target sm_100a\n.address_size 64\n"
                     ".visible .entry k()\n{\n\tmov.b32 %r1, 0;\n\tret;\n}\n";
  tcgen05_result *R =
      tcgen05_check_string(Ptx, sizeof(Ptx) - 1, "k.ptx", nullptr);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(tcgen05_result_error_count(R), 1u);
  EXPECT_NE(std::string(tcgen05_result_text(R)).find("[TC2001]"),
            std::string::npos)
      << tcgen05_result_text(R);
  EXPECT_EQ(tcgen05_result_output(R), nullptr);
  tcgen05_result_free(R);
}

TEST(CApiTest, ALengthOver4GiBIsRefusedNotCopied) {
  // The pointer is never read: the length alone decides.
  const char Ptx[] = "";
  tcgen05_result *R =
      tcgen05_check_string(Ptx, size_t(1) << 40, nullptr, nullptr);
  ASSERT_NE(R, nullptr);
  EXPECT_EQ(tcgen05_result_error_count(R), 1u);
  EXPECT_NE(std::string(tcgen05_result_text(R)).find("[TC0006]"),
            std::string::npos);
  tcgen05_result_free(R);
}

TEST(CApiTest, ANullResultHasNoOutput) {
  EXPECT_EQ(tcgen05_result_output(nullptr), nullptr);
  EXPECT_EQ(tcgen05_result_error_count(nullptr), 0u);
}
