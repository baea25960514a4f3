"""standings"""
