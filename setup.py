"""The compiled core of the two-player solver's search (``tutor/search/_negacore.c``).

Everything else about the package is in pyproject.toml. The extension is optional: without a
C compiler the install succeeds and the solver runs its Python search."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "tutor.search._negacore",
            ["tutor/search/_negacore.c"],
            depends=["tutor/search/_playout.c"],
            optional=True,
            extra_compile_args=["-O3"],
        )
    ]
)
