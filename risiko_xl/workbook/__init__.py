"""workbook"""
