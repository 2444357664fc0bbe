"""The compiled cores of the solvers' searches: two players (``tutor/search/_negacore.c``) and
the table of three and four (``tutor/search/_tablecore.c``).

Everything else about the package is in pyproject.toml. The extensions are optional: without a
C compiler the install succeeds and the solvers run their Python searches."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tutor.search._negacore",
            ["tutor/search/_negacore.c"],
            depends=["tutor/search/_playout.c"],
            optional=True,
            extra_compile_args=["-O3"],
        ),
        Extension(
            "tutor.search._tablecore",
            ["tutor/search/_tablecore.c"],
            optional=True,
            extra_compile_args=["-O3"],
        ),
    ]
)
