"""The compiled kernels; everything else about the package is in pyproject.toml.

Windmill's rank model and relaxed game, and Eagle Wing's compact model, in
C, with the engine's compiled searches (``solitaire_solver/search/native``)
over them. The Python models stay the reference:
``tests/test_windmill_kernel.py`` and ``tests/test_eagle_wing_kernel.py``
tie the two.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "solitaire_solver.games.windmill._kernel",
            sources=["solitaire_solver/games/windmill/_kernel.c"],
            include_dirs=["solitaire_solver/search/native"],
            depends=[
                "solitaire_solver/search/native/beam.h",
                "solitaire_solver/search/native/binding.h",
                "solitaire_solver/search/native/graph.h",
                "solitaire_solver/search/native/lds.h",
                "solitaire_solver/search/native/words.h",
            ],
            extra_compile_args=["-O2"],
        ),
        Extension(
            "solitaire_solver.games.eagle_wing._kernel",
            sources=["solitaire_solver/games/eagle_wing/_kernel.c"],
            include_dirs=["solitaire_solver/search/native"],
            depends=[
                "solitaire_solver/search/native/binding.h",
                "solitaire_solver/search/native/dfs.h",
                "solitaire_solver/search/native/words.h",
            ],
            extra_compile_args=["-O2"],
        ),
    ]
)
