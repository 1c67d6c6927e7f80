"""The app as AppTest should run it.

AppTest treats a script with a ``pages/`` folder beside it as an old-style multipage app and, from the
second run on, runs the page file alone, skipping app.py (the real server runs app.py every time,
as ``st.navigation`` requires). Running app.py from this file, which has no ``pages/`` beside it,
gives AppTest the server's behaviour.
"""

import runpy
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
runpy.run_path(str(REPO_ROOT / "app.py"), run_name="__main__")
