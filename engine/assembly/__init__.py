"""From statements to a graph: which names are one entity, what may be a node, verification and
integration."""
