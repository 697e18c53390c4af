"""The campaign's screens: the chart, the briefing, the result, the captains."""
