"""The compiled kernels; everything else about the package is in pyproject.toml.

Windmill's rank model and relaxed game, and Eagle Wing's compact model, in
C, with the engine's compiled searches (``solitaire_solver/search/native``)
over them. The Python models stay the reference:
``tests/games/windmill/test_windmill_kernel.py`` and
``tests/games/eagle_wing/test_eagle_wing_kernel.py`` tie the two.

The kernels are optional. Where no C compiler or no Python headers are
found, or where ``SOLITAIRE_SOLVER_PURE=1`` is set at install, the package
installs without them and the solvers run the Python models (the same
verdicts, slower); the install says so once, and ``solitaire-solver
--version`` names the kernels that were built.
"""

import os
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

PURE = "SOLITAIRE_SOLVER_PURE"


def _pure() -> bool:
    return os.environ.get(PURE, "") not in ("", "0")


class OptionalKernels(build_ext):
    """Builds each kernel it can and leaves out the others, saying why once."""

    def run(self) -> None:
        if _pure():
            self._say(f"{PURE} is set: the compiled kernels are left out")
            return
        try:
            super().run()
        except Exception as exc:  # no compiler at all: the whole step fails
            self._say(f"the compiled kernels were not built ({exc})")
            return
        if not self.inplace:
            self._beside_sources()

    def _beside_sources(self) -> None:
        """Put a copy of each kernel built beside its C source too.

        ``pip install .`` builds in the project folder and installs the
        package elsewhere; ``python -m solitaire_solver`` run from the
        project folder imports the package there, which without this has no
        kernels and solves many times slower than ``solitaire-solver``. With
        the copies, both run the same code. (``pip install -e .`` builds
        them there in the first place.) A folder that cannot be written is
        left as it is.
        """
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            built = self.get_ext_fullpath(ext.name)
            if not os.path.isfile(built):
                continue  # a kernel that was not built, said already
            package, _, _ = ext.name.rpartition(".")
            folder = build_py.get_package_dir(package)
            target = os.path.join(folder, os.path.basename(built))
            try:
                # Whole or not at all: a copy half written would fail to load.
                shutil.copyfile(built, target + ".part")
                os.replace(target + ".part", target)
            except OSError:
                continue

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:  # a missing header or a failing compiler
            self._say(f"{ext.name} was not built ({str(exc).strip() or type(exc).__name__})")

    @staticmethod
    def _say(what: str) -> None:
        sys.stderr.write(
            f"solitaire_solver: {what}; the solvers will run the pure-Python models "
            "(the same verdicts, slower)\n"
        )


NATIVE = "solitaire_solver/search/native"


def kernel(game: str, engines: list[str]) -> Extension:
    """The extension of ``games/GAME/_kernel.c``: the kernel's rules, the engine headers it
    includes, and the one binding of every kernel (``binding.c``, see ``kernel.h``)."""
    return Extension(
        f"solitaire_solver.games.{game}._kernel",
        sources=[f"solitaire_solver/games/{game}/_kernel.c", f"{NATIVE}/binding.c"],
        include_dirs=[NATIVE],
        depends=[f"{NATIVE}/{name}" for name in ["kernel.h", "words.h", *engines]],
        extra_compile_args=["-O2"],
    )


KERNELS = [kernel("windmill", ["beam.h", "graph.h", "lds.h"]), kernel("eagle_wing", ["dfs.h"])]
"""The compiled kernels, each built from its game's C file and the engine's one binding,
with the engine's native headers it includes."""

# Guarded, so that a test may import the command class: pip's build runs this file as
# the main module.
if __name__ == "__main__":
    setup(cmdclass={"build_ext": OptionalKernels}, ext_modules=KERNELS)
