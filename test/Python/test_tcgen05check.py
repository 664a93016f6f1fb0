"""The Python package: diagnostics as records, options as the command
line's, canonical emission and the descriptor helpers, through the shared
library of the C interface (TCGEN05CHECK_LIBRARY)."""
import os
import unittest

import tcgen05check as t

ROOT = os.environ["TCGEN05_SOURCE_ROOT"]


def example(name):
    with open(os.path.join(ROOT, "examples", name)) as f:
        return f.read()


class CheckTest(unittest.TestCase):
    def test_clean_kernel(self):
        self.assertEqual(t.check(example("gemm_sm100a.ptx")), [])

    def test_diagnostics_are_records(self):
        ds = t.check(example("gemm_sm100a_broken.ptx"), name="broken.ptx")
        self.assertEqual([d.code for d in ds],
                         ["TC4003", "TC4003", "TC4001", "TC3105", "TC6004",
                          "TC3123", "TC3018"])
        d = ds[-3]
        self.assertEqual((d.file, d.line, d.column, d.severity),
                         ("broken.ptx", 65, 2, "error"))
        self.assertIn("128 columns are allocated here", [n.message for n in d.notes])

    def test_options(self):
        src = example("gemm_sm100a_broken.ptx")
        codes = [d.code for d in t.check(src, warning_flags="-Wno-tcgen05-alloc")]
        self.assertNotIn("TC6004", codes)
        self.assertEqual(len(t.check(src, error_limit=2)), 3)  # two, and TC0011
        unknown, = [d for d in t.check(src, warning_flags="-Wno-such-group")
                    if d.code == "TC0108"]
        # The groups there are, as the command line lists them.
        self.assertIn("tcgen05-fence", unknown.notes[0].message)

    def test_default_error_limit(self):
        # A megabyte of garbage: the library's default keeps 1,000 errors
        # (and says it cut the rest), 0 keeps them all.
        garbage = ".version 9.0\n.target sm_100a\n" + "mov.b32 %x, 0;\n" * 70000
        ds = t.check(garbage)
        self.assertEqual(len(ds), 1001)
        self.assertEqual(ds[-1].code, "TC0011")
        self.assertGreater(len(t.check(garbage, error_limit=0)), 1001)

    def test_target(self):
        shift = (".version 9.0\n.target sm_100a\n.address_size 64\n"
                 ".visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
                 "\ttcgen05.shift.cta_group::1.down [%r1];\n\tret;\n}\n")
        # A lone instruction, not a kernel: the hazard lints are for kernels.
        quiet = "-Wno-tcgen05-hazards"
        self.assertEqual(t.check(shift, warning_flags=quiet), [])
        self.assertEqual([d.code for d in t.check(shift, target="sm_100f", warning_flags=quiet)],
                         ["TC3101"])
        with self.assertRaises(t.CheckError) as e:
            t.check(shift, target="sm_9999")
        # The command line's diagnostic, code, text and note alike.
        d, = e.exception.diagnostics
        self.assertEqual((d.code, d.message), ("TC0005", "unknown target 'sm_9999'"))
        self.assertIn("sm_100a", d.notes[0].message)
        with self.assertRaises(t.CheckError) as e:
            t.emit(shift, target="sm_9999", ptx_version="9.9")
        self.assertEqual([d.code for d in e.exception.diagnostics], ["TC0005", "TC0102"])

    def test_fixits(self):
        src = example("gemm_sm100a.ptx").replace(".cta_group::1.sync.aligned.shared",
                                                 ".cta_grop::1.sync.aligned.shared", 1)
        d, = t.check(src)
        self.assertEqual(d.fixits[0]["text"], ".cta_group::1")


    def test_group_and_cuda_source(self):
        ds = t.check(example("gemm_sm100a_broken.ptx"))
        alloc = [d for d in ds if d.code == "TC6004"][0]
        self.assertEqual(alloc.group, "tcgen05-alloc")
        self.assertEqual([d.group for d in ds if d.code == "TC3105"], [None])
        with open(os.path.join(ROOT, "test", "CudaSource", "lines.ptx")) as f:
            d = t.check(f.read())[0]
        self.assertEqual((d.cuda_file, d.cuda_line, d.cuda_column, d.cuda_function),
                         ("include/tmem.hpp", 8, 3, "copy"))
        self.assertIsNone(alloc.cuda_file)

    def test_version(self):
        self.assertRegex(t.__version__, r"^[0-9]+\.[0-9]+\.[0-9]+$")
        with self.assertRaises(AttributeError):
            t.no_such_attribute


class AsmTemplateTest(unittest.TestCase):
    def test_template(self):
        asm = ("tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;")
        self.assertEqual(t.check_asm_template("{\n.reg .pred p;\n" + asm + "\n}",
                                              "r,l,l,r"), [])
        d, = t.check_asm_template("{\n.reg .pred p;\n" + asm + "\n}", "r,r,l,r",
                                  name="mma.s")
        self.assertEqual((d.code, d.file, d.line), ("TC3112", "mma.s", 3))
        with self.assertRaises(t.CheckError):
            t.check_asm_template(asm, "r,l,l,r", target="sm_9999")


class EmitTest(unittest.TestCase):
    def test_retarget(self):
        out = t.emit(example("gemm_sm100a.ptx"), target="sm_103a")
        self.assertIn(".target sm_103a", out)

    def test_errors_raise(self):
        with self.assertRaises(t.CheckError) as e:
            t.emit(example("gemm_sm100a_broken.ptx"))
        self.assertTrue(e.exception.diagnostics)


class DescriptorTest(unittest.TestCase):
    def test_round_trip(self):
        v = t.encode_idesc("f16", m=128, n=256, dtype="f32", atype="bf16", btype="bf16")
        self.assertEqual(v, 0x08400490)
        fields, ds = t.decode_idesc(v, "f16")
        by = {f["name"]: f["value"] for f in fields["fields"]}
        self.assertEqual((by["m"], by["n"], by["dtype"]), ("128", "256", "F32"))
        self.assertEqual(ds, [])

    def test_findings(self):
        _, ds = t.decode_idesc(0x03400010, "f16")
        self.assertEqual([d.code for d in ds], ["TC4001"])
        self.assertEqual(t.encode_smem_desc(start_address=0, leading_offset=16,
                                            stride_offset=1024, swizzle=2),
                         0x4000404000010000)

    def test_malformed(self):
        with self.assertRaises(t.CheckError):
            t.encode_idesc("f16", dtype="f64")
        # Fields that encode but make no valid descriptor: the reason, not a value.
        with self.assertRaises(t.CheckError) as e:
            t.encode_idesc("f16", m=48, n=128)
        self.assertIn("M=48 is not valid", str(e.exception))
        self.assertEqual([d.code for d in e.exception.diagnostics], ["TC4001"])


if __name__ == "__main__":
    unittest.main()
