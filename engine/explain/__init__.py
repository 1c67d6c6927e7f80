"""From a labelled graph to what the user reads: mechanisms, the answer, the view, drawings and exports."""
