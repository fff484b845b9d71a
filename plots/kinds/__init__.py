"""One module per plot kind (`kind: <module name>` in a spec's plot section). Each defines
REQUIRED (the option keys it cannot do without) and draw(res, opts, out_base, formats), which
returns the files it wrote. plots/plot.py finds the modules here; nothing else is edited to add
a kind (but framework/spec.cpp's list of kinds, which checks specs before they run)."""
