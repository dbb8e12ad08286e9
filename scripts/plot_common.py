"""Helpers shared by the hetcoll plot scripts.

Every input problem (missing file, missing column, unreadable number, nothing to draw)
is raised as PlotError and reported by `run` as one line naming the file, with exit
status 2, so that a script driving the plots can tell bad input from a crash.
"""
import csv
import os
import sys

# The paper whose section 6 these figures reproduce; every title names it.
PAPER = "Benoit, Canon, Marchal, INRIA RR-8315"

# Paper order and spelling of the methods. Colours are fixed per method so that the same
# method has the same colour in Figure 4, Figure 6 and the Gantt charts.
METHODS = {
    "binomial-stat": ("Binomial-stat", "#d95f02"),
    "fibonacci-stat": ("Fibonacci-stat", "#1b9e77"),
    "tree-dyn": ("Tree-dyn", "#7570b3"),
    "non-commut-tree-dyn": ("Non-Commut-Tree-dyn", "#e7298a"),
}

EXIT_BAD_INPUT = 2


class PlotError(Exception):
    """An input problem, reported as `FILE: message` on one line."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")


def script_name():
    return os.path.basename(sys.argv[0])


def note(message):
    """Tells the user about a choice made for them (stderr, so stdout stays parseable)."""
    print(f"{script_name()}: note: {message}", file=sys.stderr)


def run(main):
    """Runs main() and turns a PlotError into one line on stderr and exit status 2."""
    try:
        main()
    except PlotError as error:
        # Newlines inside a message would break the one-line contract.
        print(f"{script_name()}: error: {' '.join(str(error).split())}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)


class MethodStyles:
    """Paper labels and fixed colours of a family's methods, in paper order.

    One table per family gives a method the same label and colour in every figure of its
    script. A name the table does not know (an algorithm added later) still plots: under its
    own name, in `fallback_colour`, after the known methods in alphabetical order.
    """

    def __init__(self, table, fallback_colour="#666666"):
        self.table = table
        self.fallback_colour = fallback_colour

    def label(self, algorithm):
        return self.table.get(algorithm, (algorithm, None))[0]

    def colour(self, algorithm):
        return self.table.get(algorithm, (None, self.fallback_colour))[1]

    def order(self, algorithms):
        """Known methods in paper order, then any other name alphabetically."""
        known = [name for name in self.table if name in algorithms]
        return known + sorted(set(algorithms) - set(self.table))


_RR8315_STYLES = MethodStyles(METHODS)
method_label = _RR8315_STYLES.label
method_colour = _RR8315_STYLES.colour
method_order = _RR8315_STYLES.order


def read_rows(path, columns, numeric):
    """Reads a CSV with a header row and returns its rows as dicts.

    `columns` must all be present (others are ignored, so new documented columns do not
    break the plots); the `numeric` subset is converted to float.
    """
    try:
        with open(path, newline="") as handle:
            reader = csv.DictReader(handle)
            header = reader.fieldnames or []
            if not header:
                raise PlotError(path, f"empty file, expected a CSV header with {','.join(columns)}")
            missing = [name for name in columns if name not in header]
            if missing:
                raise PlotError(path, f"missing column(s) {','.join(missing)}; "
                                      f"expected header with {','.join(columns)}")
            return [_convert(row, numeric, path, reader.line_num) for row in reader]
    except FileNotFoundError:
        raise PlotError(path, "no such file, expected a CSV written by hetcoll") from None
    except (OSError, UnicodeDecodeError, csv.Error) as error:
        raise PlotError(path, f"cannot read ({error}), expected a CSV written by hetcoll") from None


def _convert(row, numeric, path, line):
    for name in numeric:
        try:
            row[name] = float(row[name])
        except (TypeError, ValueError):
            raise PlotError(path, f"line {line}: column {name} = {row[name]!r}, "
                                  "expected a number") from None
    return row


def distinct(rows, column):
    return sorted({row[column] for row in rows})


def default_output(path):
    return os.path.splitext(path)[0] + ".png"


def pyplot():
    """Imports pyplot with the Agg backend, so the scripts run without a display."""
    try:
        import matplotlib
    except ImportError:
        raise PlotError(sys.executable, "matplotlib not importable; run the script with "
                                        "/usr/bin/python3 (Debian's python3-matplotlib)") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save(figure, path, what):
    """Writes the figure, reports `path: what` on stdout and frees the figure."""
    try:
        figure.savefig(path, dpi=150, bbox_inches="tight")
    except OSError as error:
        raise PlotError(path, f"cannot write the PNG ({error.strerror})") from None
    finally:
        pyplot().close(figure)
    print(f"{path}: {what}")
