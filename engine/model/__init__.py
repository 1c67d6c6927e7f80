"""The one graph model (Node, Edge, Graph, Scenario, Labelling) and the one statement model
(Annotation) every reader emits."""
