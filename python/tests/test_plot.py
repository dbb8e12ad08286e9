"""hetcoll.plot on a real run's DataFrames: the lines drawn are the frame's numbers, a Result gives
a figure the parts it reads, ax= draws a one-panel figure on the caller's Axes and a figure of
several panels refuses it. (Every figure's drawn data against its CSVs, through hetcoll.plot:
test/scripts/test_drawn_data.py.)"""
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy  # noqa: E402
import pytest  # noqa: E402

import hetcoll  # noqa: E402
from conftest import ROOT  # noqa: E402
from hetcoll.figures import common  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def rr8315():
    return hetcoll.run(family="reduce", processors=8, cv=[0.1, 1], cluster="platform", replications=30, engine="model",
                       algorithms=["binomial-stat", "tree-dyn"], seed=3, progress=False)


@pytest.fixture(scope="module")
def uncertainty():
    return hetcoll.run(ROOT / "scenarios/broadcast-uncertainty.ini", cv=[0, 0.1, 1], replications=10, engine="model",
                       raw=True, progress=False)


def test_every_figure_has_its_function():
    assert set(hetcoll.plot.names().values()) == set(hetcoll.figures.FIGURES)
    for function in hetcoll.plot.names():
        assert callable(getattr(hetcoll.plot, function))


def test_the_lines_drawn_are_the_frame_s_means(rr8315):
    axes = hetcoll.plot.rr8315_fig4(rr8315.summary)
    drawn = {line.get_label(): line for line in axes.get_lines() if not line.get_label().startswith("_")}
    for algorithm, rows in rr8315.summary.sort_values("cv").groupby("algorithm"):
        line = drawn[common.method_label(algorithm)]
        numpy.testing.assert_array_equal(line.get_xdata(), rows["cv"])
        numpy.testing.assert_array_equal(line.get_ydata(), rows["mean"])


def test_on_the_caller_s_axes(rr8315):
    figure, ax = plt.subplots()
    assert hetcoll.plot.rr8315_fig4(rr8315.summary, ax=ax) is ax
    assert len(ax.get_lines()) > 0
    assert figure._suptitle is None  # the caller's Figure keeps its title
    assert len(figure.axes) == 1


def test_a_figure_of_several_panels_refuses_ax(uncertainty):
    _, ax = plt.subplots()
    with pytest.raises(ValueError, match="ax: this figure draws 1 x 3 panels"):
        hetcoll.plot.broadcast_uncertainty(uncertainty.summary, uncertainty.raw, ax=ax)


def test_a_result_gives_the_parts_a_figure_reads(uncertainty):
    from_result = hetcoll.plot.broadcast_uncertainty(uncertainty)
    from_frames = hetcoll.plot.broadcast_uncertainty(uncertainty.summary, uncertainty.raw)
    assert len(from_result) == len(from_frames) == 3
    for a, b in zip(from_result, from_frames):
        for la, lb in zip(a.get_lines(), b.get_lines()):
            numpy.testing.assert_array_equal(la.get_xydata(), lb.get_xydata())


def test_a_result_without_the_part_is_refused(rr8315):
    with pytest.raises(ValueError, match="run with raw=True"):
        hetcoll.plot.reduce_uncertainty(rr8315)


def test_the_to_best_panel_draws_paired_s_means(uncertainty):
    panels = hetcoll.plot.broadcast_uncertainty(uncertainty.summary, uncertainty.raw)
    table = hetcoll.paired(uncertainty.raw)
    drawn = {line.get_label(): line.get_ydata() for line in panels[1].get_lines()
             if not line.get_label().startswith("_")}
    assert drawn
    from hetcoll.figures import broadcast
    for algorithm, rows in table.groupby("algorithm"):
        numpy.testing.assert_allclose(drawn[broadcast.HEURISTICS.label(algorithm)],
                                      rows.sort_values("cv")["to_best_mean"], rtol=1e-12)


def test_a_choice_made_for_the_caller_is_a_warning_not_a_print(capsys):
    run = hetcoll.run(family="reduce", processors=[4, 8], cv=[0.1, 1], cluster="platform", replications=5, engine="model",
                      algorithms=["tree-dyn"], progress=False)
    with pytest.warns(hetcoll.Note, match="drawing n = 8"):
        hetcoll.plot.rr8315_fig4(run.summary)
    out, err = capsys.readouterr()
    assert out == "" and err == ""


def test_the_type_stub_declares_every_function():
    import ast
    import inspect
    from pathlib import Path

    stub = ast.parse(Path(inspect.getfile(hetcoll.plot)).with_suffix(".pyi").read_text())
    declared = {node.name for node in stub.body if isinstance(node, ast.FunctionDef)}
    assert declared == set(hetcoll.plot.__all__)
