# %% [markdown]
# # Which reduction wins on two sites as the costs grow uncertain?
#
# A percent-format script: Jupyter (with jupytext), VS Code and Spyder open it as a notebook, and
# `python3 docs/example_two_sites.py [FIGURE.png]` runs it whole (CI does, through
# `python/tests/test_example.py`). It needs the `hetcoll` package (docs/python.md: from the
# source tree, `scripts/python.sh docs/example_two_sites.py`) and a built `hetcoll` program.
#
# The platform is `platforms/two-sites.xml`: 4 hosts of the lyon cluster and the 6 hosts of
# nancy, joined by a 10 MB/s WAN link. Every host holds one value of 1 MB, and the values are
# reduced to host 0 (the same root for every algorithm, so that all solve the same problem).
# The planners read each host's time from the file's routes (`cluster = file`); the costs
# are then drawn around them with a growing coefficient of variation (CV).

# %%
import os
import sys
import tempfile
from pathlib import Path

import matplotlib

if __name__ == "__main__" and "ipykernel" not in sys.modules:
    matplotlib.use("Agg")  # run as a script: draw to a file, no display needed

import hetcoll  # noqa: E402

# The repository's root: this file's parent folder when run as a script, else (a notebook opened
# in docs/) the current directory's parent.
here = Path(__file__).resolve().parent if "__file__" in globals() else Path.cwd()
root = here.parent if (here.parent / "platforms").is_dir() else here

# %% [markdown]
# ## The sweep
# The papers' reductions (RR-8315's trees, Liu & Wang's SNF and optimum) beside the two MPI
# libraries' defaults, 200 replications per CV on the model engine: about a second.

# %%
result = hetcoll.run(
    family="reduce",
    platform=root / "platforms/two-sites.xml",
    hosts=["a-0.lyon", "a-1.lyon", "a-2.lyon", "a-3.lyon", "zone:nancy"],
    cluster="file",
    message=1_000_000,
    root=0,
    cv=[0, 0.1, 0.3, 1, 3],
    algorithms=["binomial-stat", "fibonacci-stat", "tree-dyn", "non-commut-tree-dyn", "snf", "optimal",
                "ompi-tuned", "mpich"],
    replications=200,
    engine="model",
    seed=2026,
    raw=True,
)
means = result.summary.pivot(index="cv", columns="algorithm", values="mean")
means.round(4)

# %% [markdown]
# ## The winner at each CV
# The lowest mean makespan, and how often each algorithm is the best of its replication: with
# common random numbers every algorithm meets the same draws in replication r, so the ratios
# to the best are paired replication by replication (`hetcoll.paired`).

# %%
paired = hetcoll.paired(result.raw)
winners = means.idxmin(axis=1).rename("lowest mean")
best_median = paired[paired.to_best_q50 == 1].groupby("cv")["algorithm"].apply(", ".join).rename(
    "best in half the replications or more")
answer = winners.to_frame().join(best_median).fillna("none")
answer

# %% [markdown]
# ## The figure
# The mean makespan against the CV with its 10-90 % band, and each algorithm over the best of
# the same replication (`hetcoll.plot.reduce_uncertainty`, `scripts/plot.py`'s figure).

# %%
axes = hetcoll.plot.reduce_uncertainty(result)
figure = axes[0].figure
arguments = [a for a in sys.argv[1:] if a.endswith(".png")]
output = arguments[0] if arguments else os.path.join(tempfile.mkdtemp(prefix="hetcoll-example-"), "two-sites.png")
figure.savefig(output, dpi=120, bbox_inches="tight")

# %%
if __name__ == "__main__" and "ipykernel" not in sys.modules:
    print(answer.to_string())
    print(f"figure: {output}")
